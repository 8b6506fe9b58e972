// The action of home.ntfy: send a message to the household's topic.
import { ntfySend, ntfySettings } from './ntfy-client.mjs';

export const ntfyActions = {
  async send(input, { env }) {
    const sent = await ntfySend(ntfySettings(env), input);
    return { data: sent, message: `Nachricht an ${sent.topic} geschickt.`, mutated: true };
  },
};
