import { describe, expect, it } from 'vitest';
import { frontMatterOf, readFrontMatter, splitFrontMatter } from './front-matter';

/** Nine "lol"s, then nine of those, nine levels deep: a few hundred bytes, 9^9 strings expanded. */
export function aliasBomb(): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  const names = 'abcdefghij';
  for (let i = 1; i < 10; i++)
    lines.push(
      `${names[i]}: &${names[i]} [${Array(9)
        .fill(`*${names[i - 1]}`)
        .join(',')}]`,
    );
  return `---\nname: lol\ndescription: laughs\nmetadata:\n  ${lines.join('\n  ')}\n---\nBody\n`;
}

describe('SKILL.md front matter', () => {
  it('refuses a nested alias bomb at once instead of expanding it', () => {
    const text = aliasBomb();
    expect(text.length).toBeLessThan(600);
    const split = splitFrontMatter(text);
    const reading = readFrontMatter(split.yaml, split.lineOffset);
    expect(reading.kind).toBe('hostile');
    expect(reading.kind === 'hostile' && reading.reason).toMatch(/aliases/);
    expect(frontMatterOf(text)).toEqual({});
  });

  it('names the line of broken YAML in the whole file and keeps name and description from their lines', () => {
    const text = '---\nname: a-stock\ndescription: Quotes. Use when: (1) asking for prices\n---\nBody\n';
    const split = splitFrontMatter(text);
    const reading = readFrontMatter(split.yaml, split.lineOffset);
    expect(reading.kind).toBe('broken');
    if (reading.kind !== 'broken') return;
    expect(reading.line).toBe(3);
    expect(reading.reason).toContain('line 3');
    expect(reading.plain).toMatchObject({ name: 'a-stock', description: 'Quotes. Use when: (1) asking for prices' });
  });

  it('reads a small anchor that real front matter may use', () => {
    const reading = readFrontMatter('name: x\nbase: &b {a: 1}\nother: *b\n');
    expect(reading.kind === 'ok' && reading.data).toEqual({ name: 'x', base: { a: 1 }, other: { a: 1 } });
  });

  it('splits body and front matter, and a file without one is all body', () => {
    expect(splitFrontMatter('---\nname: x\n---\nHello')).toMatchObject({ yaml: 'name: x', body: 'Hello' });
    expect(splitFrontMatter('# Title\n')).toEqual({ lineOffset: 0, body: '# Title\n' });
  });
});
