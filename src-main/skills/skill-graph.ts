// The dependency graph of pipeline skills: no cycles,
// at most `maxDepth` levels, and every parent declares what its children need.

export interface GraphNode {
  readonly depends: readonly string[];
  readonly capabilities: readonly string[];
}

/**
 * Returns the problems of each skill that has any. A skill whose dependency is broken
 * is broken too, with a message naming the dependency, so nothing half-works.
 */
export function checkSkillGraph(nodes: ReadonlyMap<string, GraphNode>, maxDepth: number): Map<string, string[]> {
  const problems = new Map<string, string[]>();
  const add = (name: string, message: string) => {
    const list = problems.get(name) ?? [];
    if (!list.includes(message)) list.push(message);
    problems.set(name, list);
  };

  // Cycles: depth-first search with the current path; each cycle is named in full.
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (name: string) => {
    state.set(name, 'open');
    path.push(name);
    for (const dep of nodes.get(name)?.depends ?? []) {
      if (!nodes.has(dep)) {
        add(name, `depends on unknown skill "${dep}"`);
        continue;
      }
      if (state.get(dep) === 'open') {
        const cycle = [...path.slice(path.indexOf(dep)), dep];
        for (const member of new Set(cycle)) add(member, `dependency cycle: ${cycle.join(' -> ')}`);
      } else if (!state.has(dep)) visit(dep);
    }
    path.pop();
    state.set(name, 'done');
  };
  for (const name of [...nodes.keys()].sort()) if (!state.has(name)) visit(name);

  // Depth (levels of nesting, a skill without sub-skills is 1) on the acyclic part.
  const depths = new Map<string, number>();
  const depthOf = (name: string, seen: Set<string>): number => {
    const known = depths.get(name);
    if (known !== undefined) return known;
    if (seen.has(name)) return 0;
    seen.add(name);
    let d = 1;
    for (const dep of nodes.get(name)?.depends ?? []) if (nodes.has(dep)) d = Math.max(d, 1 + depthOf(dep, seen));
    seen.delete(name);
    depths.set(name, d);
    return d;
  };
  for (const name of nodes.keys()) {
    const d = depthOf(name, new Set());
    if (d > maxDepth) add(name, `nests ${d} levels of skills, more than JARVIS_SKILL_PIPELINE_MAX_DEPTH=${maxDepth}`);
  }

  // Capability aggregation: a parent must declare every capability its children declare.
  for (const [name, node] of nodes) {
    for (const dep of node.depends) {
      const child = nodes.get(dep);
      if (!child) continue;
      const missing = child.capabilities.filter((c) => !node.capabilities.includes(c));
      if (missing.length > 0) add(name, `must declare ${missing.join(', ')} because its sub-skill "${dep}" requires it`);
    }
  }

  // Breakage spreads upwards until nothing changes.
  let changed = true;
  while (changed) {
    changed = false;
    for (const [name, node] of nodes) {
      for (const dep of node.depends) {
        if (problems.has(dep) && !problems.get(name)?.some((m) => m.includes(`"${dep}" is broken`) || m.startsWith('dependency cycle'))) {
          add(name, `sub-skill "${dep}" is broken`);
          changed = true;
        }
      }
    }
  }
  return problems;
}
