// home.ntfy: one envelope on stdin, one result on stdout.
import { skillMain } from '../_lib/skill-main.mjs';
import { ntfySend, ntfySettings } from './ntfy-client.mjs';

await skillMain({
  async send(input, { env }) {
    const sent = await ntfySend(ntfySettings(env), input);
    return { data: sent, message: `Nachricht an ${sent.topic} geschickt.`, mutated: true };
  },
});
