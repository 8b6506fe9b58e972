// home.network: Wake-on-LAN for the machines in WOL_TARGETS and bounded network checks.
import { skillMain } from '../_lib/skill-main.mjs';
import { networkActions } from './actions.mjs';

await skillMain(networkActions);
