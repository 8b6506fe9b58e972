import {
  COMPOSE_PROJECT_NAME,
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
import type { StackSource } from './stack-source';

const DONE: Record<ComposeStackAction, string> = { start: 'gestartet', stop: 'gestoppt', restart: 'neu gestartet' };

function describe(stack: ComposeStackView): string {
  const running = stack.containers.filter((c) => c.state === 'running').length;
  return `${stack.name}: ${running} von ${stack.containers.length} Containern laufen`;
}

/**
 * The Compose stacks as core tools: a read-only list and one disruptive tool per action.
 * With only an allow-list the `stack` argument is an enum of it, so no other name passes the
 * registry's schema check; Dockge's folder changes while JARVIS runs, so there the argument
 * is a Compose project name and the source checks it against the folder. The source checks
 * again either way.
 */
export function stackToolProvider(controller: StackSource): ToolProvider {
  const names = controller.fixedNames;
  const stackArg: JsonSchemaObject = {
    type: 'object',
    additionalProperties: false,
    required: ['stack'],
    properties: {
      stack: names
        ? { enum: [...names], description: 'Name des Compose-Stacks.' }
        : { type: 'string', pattern: COMPOSE_PROJECT_NAME.source, maxLength: 63, description: 'Name des Compose-Stacks.' },
    },
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
      'Listet die freigegebenen Docker-Compose-Stacks (auch die aus Dockge) mit ihren Containern und deren Zustand.',
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
