import { join } from 'node:path';
import type { RegisteredTool, ToolProvider } from '../platform/registry';
import type { CatalogSkill } from '../assistant/skill-catalog';
import { readOpenJarvisSkill } from '../skills/openjarvis';

// A household that installed a whole community collection: thousands of instruction skills
// on every topic (deterministic, so measurements repeat), and the household's own skills of
// the skill benchmark (eval/skills) among them.

const TOPICS = [
  'stock quotes',
  'PDF files',
  'spreadsheets',
  'git commits',
  'Kubernetes pods',
  'SQL queries',
  'invoices',
  'tax returns',
  'podcast notes',
  'YouTube videos',
  'crypto wallets',
  'Solana tokens',
  'Jira tickets',
  'Slack messages',
  'email drafts',
  'résumés',
  'blog posts',
  'SEO keywords',
  'Docker images',
  'API docs',
  'unit tests',
  'React components',
  'CSS layouts',
  'translation memories',
  'flashcards',
  'chess openings',
  'guitar chords',
  'photo metadata',
  'maps and routes',
  'weather radar',
  'news feeds',
  'RSS items',
  'research papers',
  'patents',
  'contracts',
  'meeting minutes',
  'OKRs',
  'sales leads',
  'CRM records',
  'log files',
  'security alerts',
  'DNS records',
  'TLS certificates',
  'fonts',
  'SVG icons',
  'diagrams',
  'slide decks',
  'LaTeX',
];
const VERBS = [
  'Analyse',
  'Summarise',
  'Convert',
  'Validate',
  'Generate',
  'Review',
  'Extract',
  'Search',
  'Monitor',
  'Format',
  'Compare',
  'Clean up',
];
const ANGLES = [
  'for developers',
  'with charts',
  'step by step',
  'in bulk',
  'from the command line',
  'for teams',
  'as Markdown',
  'with examples',
];

function skillTool(id: string, description: string): RegisteredTool {
  const name = `skill_${id.replace(/[^A-Za-z0-9]/g, '_')}_run`;
  return {
    name,
    description,
    input_schema: { type: 'object', additionalProperties: false, properties: { request: { type: 'string' } } },
    provider: 'plugin',
    mutates: false,
    requires_confirmation: false,
    risk: 'read',
    skill_id: id,
    action: 'run',
    source: `skills/${id}`,
  };
}

export interface SkillCollection {
  readonly skills: readonly CatalogSkill[];
  readonly provider: ToolProvider;
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** `count` skills in all: the benchmark's household skills first, then generated ones. */
export function manySkills(count: number, evalSkillsDir: string): SkillCollection {
  const own = ['trip-packing', 'kids-birthday', 'weekly-staples'].map((id) => {
    const v = readOpenJarvisSkill(join(evalSkillsDir, id));
    if (!v.ok) throw new Error(`${id}: ${v.errors.join('; ')}`);
    return { id, description: v.skill.description };
  });
  const generated: { id: string; description: string }[] = [];
  for (let i = 0; own.length + generated.length < count; i++) {
    const topic = TOPICS[i % TOPICS.length]!;
    const verb = VERBS[Math.floor(i / TOPICS.length) % VERBS.length]!;
    const angle = ANGLES[Math.floor(i / (TOPICS.length * VERBS.length)) % ANGLES.length]!;
    generated.push({ id: `community-${i}`, description: `${verb} ${topic} ${angle}. Use when the user works with ${topic}.` });
  }
  const all = [...own, ...generated].slice(0, count);
  const tools = all.map((s) => skillTool(s.id, s.description));
  return {
    skills: all.map((s, i) => ({
      id: s.id,
      line: `  <skill name="${attr(s.id)}" description="${attr(s.description)}" />`,
      tools: [tools[i]!.name],
    })),
    provider: { kind: 'plugin', list: () => tools, call: async () => ({ success: true, message: 'ok', mutated: false }) },
  };
}
