// An esbuild plugin that writes the non-ASCII characters of regular expression literals in
// our own sources as \u escapes. esbuild's default `charset: 'ascii'` escapes strings and
// templates but leaves regex literals alone, and one German umlaut in a regex makes V8
// hold the whole master bundle as a two-byte string: twice the memory touched at every
// start (src-main/platform/code-cache). The escaped pattern matches exactly what the original did.

const NON_ASCII = /[^\x00-\x7f]/;

function hex4(code) {
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

/** The regex literal `raw` (slashes and flags included) with every non-ASCII character escaped. */
export function escapeRegexLiteral(raw) {
  const flags = raw.slice(raw.lastIndexOf('/') + 1);
  const unicodeMode = flags.includes('u') || flags.includes('v');
  let out = '';
  for (const ch of raw) {
    const code = ch.codePointAt(0);
    if (code < 0x80) {
      out += ch;
      continue;
    }
    // `\ä` is an identity escape (outside unicode mode): it means the character itself.
    let backslashes = 0;
    for (let i = out.length - 1; i >= 0 && out[i] === '\\'; i--) backslashes++;
    if (backslashes % 2 === 1) out = out.slice(0, -1);
    if (code <= 0xffff) out += hex4(code);
    else if (unicodeMode) out += `\\u{${code.toString(16)}}`;
    // Without the u flag an astral character is two code units; so are the escapes.
    else out += hex4(0xd800 + ((code - 0x10000) >> 10)) + hex4(0xdc00 + ((code - 0x10000) & 0x3ff));
  }
  return out;
}

/** `source` (TypeScript) with the regex literals escaped; unchanged when it is all ASCII. */
export function escapeRegexLiterals(source, ts, fileName = 'source.ts') {
  if (!NON_ASCII.test(source)) return source;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const edits = [];
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const start = node.getStart(file);
      const raw = source.slice(start, node.end);
      if (NON_ASCII.test(raw)) edits.push({ start, end: node.end, text: escapeRegexLiteral(raw) });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const e of edits.reverse()) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** The plugin: only our own .ts files, and only those with a non-ASCII character, are parsed. */
export function asciiRegexpsPlugin({ readFile }) {
  let ts;
  return {
    name: 'ascii-regexps',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes('node_modules')) return undefined;
        const source = readFile(args.path);
        if (!NON_ASCII.test(source)) return undefined;
        ts ??= (await import('typescript')).default;
        return { contents: escapeRegexLiterals(source, ts, args.path), loader: 'ts' };
      });
    },
  };
}
