import {
  STACK_TOOLS,
  toolFailure,
  toolSuccess,
  type ComposeStackAction,
  type ComposeStackView,
  type JsonSchemaObject,
  type ToolResult,
} from '../../src-shared';
import type { RegisteredTool, ToolProvider } from '../platform/registry';
import { Refusal } from '../platform/errors';
import type { ComposeStackController } from './compose-stacks';

const DONE: Record<ComposeStackAction, string> = { start: 'gestartet', stop: 'gestoppt', restart: 'neu gestartet' };

function describe(stack: ComposeStackView): string {
  const running = stack.containers.filter((c) => c.state === 'running').length;
  return `${stack.name}: ${running} von ${stack.containers.length} Containern laufen`;
}

/**
 * The Compose stacks as core tools: a read-only list and one disruptive tool per action.
 * The `stack` argument is an enum of the allow-list, so no other name passes the registry's
 * schema check; the controller checks again.
 */
export function stackToolProvider(controller: ComposeStackController): ToolProvider {
  const stackArg: JsonSchemaObject = {
    type: 'object',
    additionalProperties: false,
    required: ['stack'],
    properties: { stack: { enum: [...controller.allowed], description: 'Name des Compose-Stacks.' } },
  };
  const tool = (
    name: string,
    description: string,
    risk: RegisteredTool['risk'],
    input: JsonSchemaObject,
    mutates: boolean,
  ): RegisteredTool => ({
    name,
    description,
    input_schema: input,
    provider: 'core',
    mutates,
    requires_confirmation: false,
    ...(risk ? { risk } : {}),
    source: 'core',
  });
  const tools: RegisteredTool[] = [
    tool(
      STACK_TOOLS.list,
      'Listet die freigegebenen Docker-Compose-Stacks mit ihren Containern und deren Zustand.',
      'read',
      { type: 'object', additionalProperties: false, properties: {} },
      false,
    ),
    tool(STACK_TOOLS.start, 'Startet alle Container eines freigegebenen Compose-Stacks.', 'disruptive', stackArg, true),
    tool(STACK_TOOLS.stop, 'Stoppt alle Container eines freigegebenen Compose-Stacks.', 'disruptive', stackArg, true),
    tool(STACK_TOOLS.restart, 'Startet alle Container eines freigegebenen Compose-Stacks neu.', 'disruptive', stackArg, true),
  ];
  const actionOf: Record<string, ComposeStackAction> = {
    [STACK_TOOLS.start]: 'start',
    [STACK_TOOLS.stop]: 'stop',
    [STACK_TOOLS.restart]: 'restart',
  };
  return {
    kind: 'core',
    list: () => tools,
    async call(name, args): Promise<ToolResult> {
      try {
        if (name === STACK_TOOLS.list) {
          const stacks = await controller.list();
          return toolSuccess({ stacks }, stacks.map(describe).join('; ') || 'Keine Stacks freigegeben.', false);
        }
        const action = actionOf[name];
        if (!action) return toolFailure('UNKNOWN_TOOL', `Unbekanntes Tool: ${name}`);
        const stack = await controller.act(String(args.stack), action);
        return toolSuccess({ stack }, `Stack ${stack.name} ${DONE[action]} (${describe(stack)}).`, true);
      } catch (err) {
        if (err instanceof Refusal) return toolFailure(err.code, err.message);
        throw err;
      }
    },
  };
}
