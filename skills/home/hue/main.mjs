// home.hue: one envelope on stdin, one result on stdout.
import { skillMain } from '../_lib/skill-main.mjs';
import { hueActions } from './actions.mjs';

await skillMain(hueActions);
