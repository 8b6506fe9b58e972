// How deep the elements of an HTML or XML text nest, found with one linear scan. Parsers
// and html-to-text slow down (or overflow the stack) on absurd nesting, so it is checked
// before they run.

/** Elements without content, and elements whose end tag HTML lets a writer leave out. */
const HTML_NOT_NESTING = new Set(
  'area base br col embed hr img input link meta param source track wbr p li dt dd tr td th option optgroup thead tbody tfoot colgroup caption rb rt rp html head body'.split(
    ' ',
  ),
);

const TAG = /<(\/?)([A-Za-z][\w:.-]*)(?:"[^"]*"|'[^']*'|[^'">])*?(\/?)>/g;
const SKIPPED = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<(script|style)\b[\s\S]*?<\/\1\s*>/gi;

export function markupDepth(text: string, kind: 'html' | 'xml'): number {
  const body = text.replace(SKIPPED, '');
  let depth = 0;
  let max = 0;
  for (const m of body.matchAll(TAG)) {
    const [, close, name, selfClosing] = m;
    if (selfClosing || (kind === 'html' && HTML_NOT_NESTING.has(name!.toLowerCase()))) continue;
    if (close) depth = Math.max(0, depth - 1);
    else max = Math.max(max, ++depth);
  }
  return max;
}
