import type { ComposeStackAction, ComposeStackView } from '../../src-shared';
import type { ComposeStackController } from './compose-stacks';
import type { DockgeStackController } from './dockge-stacks';
import { DockerRefusal } from './skill-services';

/** What the stack tools list and act on, wherever the stacks come from. */
export interface StackSource {
  /** The names the tools accept as an enum; undefined when they change at run time (Dockge's folder). */
  readonly fixedNames?: readonly string[];
  list(): Promise<ComposeStackView[]>;
  act(name: string, action: ComposeStackAction): Promise<ComposeStackView>;
}

/**
 * The household's allow-listed projects and Dockge's stacks as one list. A name on the
 * allow-list stays with the allow-list (acted on container by container over the socket);
 * every other name must be a stack in Dockge's folder right now.
 */
export function stackSource(allowed?: ComposeStackController, dockge?: DockgeStackController): StackSource {
  const onList = (name: string) => allowed?.allowed.includes(name) === true;
  return {
    ...(dockge ? {} : { fixedNames: allowed?.allowed ?? [] }),
    async list() {
      const fromList = allowed ? await allowed.list() : [];
      const fromDockge = dockge ? (await dockge.list()).filter((s) => !onList(s.name)) : [];
      return [...fromList, ...fromDockge];
    },
    async act(name, action) {
      if (onList(name)) return allowed!.act(name, action);
      if (dockge) return dockge.act(name, action);
      throw new DockerRefusal('not_found', 'STACK_NOT_ALLOWED', `„${name}“ steht nicht auf der Liste der freigegebenen Stacks.`);
    },
  };
}
