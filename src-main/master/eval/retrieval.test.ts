import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolCatalog } from '../../assistant/tool-catalog';
import { ToolSelection, type ToolBudget } from '../../assistant/tool-budget';
import { SkillRegistry, type ToolProvider } from '../../platform/registry';
import { distractorTools } from '../../testing/distractor-tools';
import { MemoryHomeProvider } from '../../testing/memory-home-provider';
import { loadCorpus } from './corpus';
import { homeControlProvider, knowledgeProvider, defaultDevices } from './stand-ins';

// The tool budget measured with the evaluation corpus and 300 extra tools (Home Assistant
// entities, MCP servers, generated skills): for each request, are the tools it needs among
// the offered ones, and does the offered part of the prompt stay within the budget?

const corpus = loadCorpus(join(__dirname, '..', '..', '..', 'eval'));

function registryWithExtras(extra: number): SkillRegistry {
  const registry = new SkillRegistry();
  registry.addProvider(new MemoryHomeProvider());
  registry.addProvider(homeControlProvider(defaultDevices()));
  registry.addProvider(knowledgeProvider([]));
  const distractors = distractorTools(extra);
  const provider: ToolProvider = {
    kind: 'plugin',
    list: () => distractors,
    call: async () => ({ success: true, message: '', mutated: false }),
  };
  registry.addProvider(provider);
  return registry;
}

async function measure(budget: ToolBudget) {
  const registry = registryWithExtras(300);
  const catalog = new ToolCatalog(registry);
  const { tools, byName } = catalog.current();
  const misses: string[] = [];
  let cases = 0;
  let maxTokens = 0;
  let maxOffered = 0;
  for (const c of corpus) {
    // A fresh conversation per case; later turns keep the tools the earlier ones used.
    const selection = new ToolSelection();
    for (let turn = 0; turn < c.turns.length; turn++) {
      const needed = c.expect.calls.filter((e) => (e.turn ?? 0) === turn).map((e) => e.tool);
      const offer = await selection.offer(c.turns[turn]!, tools, byName, budget);
      maxTokens = Math.max(maxTokens, offer.tokens);
      maxOffered = Math.max(maxOffered, offer.tools.length);
      expect(offer.limited).toBe(true);
      if (needed.length > 0) {
        cases++;
        const offered = new Set(offer.tools.map((t) => t.function.name));
        const missing = needed.filter((n) => !offered.has(n));
        if (missing.length) misses.push(`${c.id}#${turn}: ${missing.join(', ')}`);
      }
      selection.remember(needed);
    }
  }
  return { total: tools.length, cases, misses, recall: 1 - misses.length / cases, maxTokens, maxOffered };
}

describe('tool budget over the corpus with 300 extra tools', () => {
  it('offers the needed tools for at least 98% of the requests within the default budget (40 tools, 8000 tokens)', async () => {
    const r = await measure({ maxTools: 40, maxTokens: 8000 });
    expect(r.total).toBeGreaterThanOrEqual(339);
    expect(r.maxOffered).toBeLessThanOrEqual(40);
    expect(r.maxTokens).toBeLessThanOrEqual(8000);
    expect(r.misses.length / r.cases, r.misses.join('\n')).toBeLessThanOrEqual(0.02);
  });

  it('and for a small model’s probe budget (15 tools, 3276 tokens)', async () => {
    const r = await measure({ maxTools: 15, maxTokens: 3276 });
    expect(r.maxOffered).toBeLessThanOrEqual(15);
    expect(r.maxTokens).toBeLessThanOrEqual(3276);
    expect(r.misses.length / r.cases, r.misses.join('\n')).toBeLessThanOrEqual(0.02);
  });
});
