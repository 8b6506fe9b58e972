// home.ntfy: one envelope on stdin, one result on stdout.
import { skillMain } from '../_lib/skill-main.mjs';
import { ntfyActions } from './actions.mjs';

await skillMain(ntfyActions);
