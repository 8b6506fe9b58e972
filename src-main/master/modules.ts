import type { ModuleFactory } from './context';
import { agentModule } from '../assistant/module';
import { dockerModule } from '../docker/module';
import { householdModule } from '../household/module';
import { meshModule } from '../mesh/module';
import { protocolModule } from '../protocol/module';
import { ragModule } from '../knowledge';
import { skillsModule } from '../skills/module';
import { voiceModule } from '../voice';
import { systemModule } from '../system/module';

/**
 * The capabilities the master is built from, in start order (stopped in reverse).
 * A capability lands by adding its factory here.
 */
export const MODULES: readonly ModuleFactory[] = [
  systemModule,
  protocolModule,
  householdModule,
  skillsModule,
  meshModule,
  dockerModule,
  ragModule,
  agentModule,
  voiceModule,
];
