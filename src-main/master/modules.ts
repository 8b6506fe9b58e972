import type { ModuleFactory } from './context';
import { agentModule } from '../agent/module';
import { dockerModule } from '../docker/module';
import { householdModule } from '../home/module';
import { meshModule } from '../mesh/module';
import { protocolModule } from '../protocol/module';
import { skillsModule } from '../skills/module';
import { systemModule } from './system-module';

/**
 * The capabilities the master is built from, in start order (stopped in reverse).
 * A capability lands by adding its factory here.
 */
export const MODULES: readonly ModuleFactory[] = [systemModule, protocolModule, householdModule, skillsModule, meshModule, dockerModule, agentModule];
