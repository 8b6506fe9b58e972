// Deterministic hostile inputs for the fuzz suite: one seeded generator, so a failure
// found once is found again with the same seed.

/** mulberry32: small, fast and good enough to pick inputs; never for anything secret. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/** Values for a path segment, already URL-encoded where a client would encode them. */
export const HOSTILE_SEGMENTS: readonly string[] = [
  'x',
  'nope',
  '..',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  'a'.repeat(3000),
  '%00',
  '%ED%A0%80',
  '%FF%FE',
  '__proto__',
  'constructor',
  "'%20OR%201=1%20--",
  '%3Cscript%3E',
  '%F0%9F%98%80',
  '-1',
  '1e309',
  '%20',
];

/** Lone surrogates, control characters, huge and odd values: what a JSON body can hold. */
export function hostileValue(random: () => number, depth = 0): unknown {
  const scalars: unknown[] = [
    null,
    true,
    0,
    -1,
    -0,
    1.5,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    '\ud800',
    'a\udfffb',
    '\u0000',
    '\u202e\u2066',
    '😀'.repeat(50),
    'x'.repeat(70_000),
    '2026-02-30',
    '2026-13-01T25:61:00Z',
    'P999999999999999999W',
    '../../etc/passwd',
    '<img src=x onerror=alert(1)>',
    "'; DROP TABLE household_tasks; --",
    '__proto__',
    '9'.repeat(400),
  ];
  const r = random();
  if (depth < 2 && r < 0.12) return Array.from({ length: Math.floor(random() * 4) }, () => hostileValue(random, depth + 1));
  if (depth < 2 && r < 0.24)
    return { [pick(random, ['a', '__proto__', 'constructor', 'kind', 'date', 'id'])]: hostileValue(random, depth + 1) };
  return pick(random, scalars);
}

/** Arguments for a tool: its own property names with hostile values, and shapes it never expects. */
export function hostileArguments(
  random: () => number,
  schema: { properties?: Record<string, unknown>; required?: readonly string[] } | undefined,
): unknown {
  const names = Object.keys(schema?.properties ?? {});
  const r = random();
  if (r < 0.08) return pick(random, [null, [], 'text', 42, true]);
  if (r < 0.14) return { unexpected_property: 1 };
  const out: Record<string, unknown> = {};
  for (const name of names) if (random() < 0.7) out[name] = hostileValue(random);
  if (random() < 0.2) out[pick(random, ['__proto__', 'constructor', 'extra'])] = { polluted: true };
  return out;
}

export function nested(depth: number, open = '[', close = ']'): string {
  return open.repeat(depth) + close.repeat(depth);
}

export interface RawBody {
  readonly contentType?: string;
  readonly body: string | Buffer;
}

/** Bodies no route accepts as they are: malformed, oversized, mistyped, hostile. */
export function hostileBodies(random: () => number): RawBody[] {
  const boundary = '----fuzz' + Math.floor(random() * 1e9).toString(16);
  const json = (value: unknown): RawBody => ({ contentType: 'application/json', body: JSON.stringify(value) });
  return [
    { contentType: 'application/json', body: '{' },
    { contentType: 'application/json', body: '' },
    { contentType: 'application/json', body: 'null' },
    { contentType: 'application/json', body: '[]' },
    { contentType: 'application/json', body: '"text"' },
    { contentType: 'application/json', body: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}' },
    { contentType: 'application/json', body: nested(20_000) },
    { contentType: 'application/json', body: '{"a":' + nested(5_000, '{"a":', '}') + '}' },
    { contentType: 'application/json', body: '{"arguments":{"title":"\\ud800"},"ics":"\\udfff","name":"\\ud800"}' },
    { contentType: 'application/json', body: JSON.stringify({ x: 'y'.repeat(1_100_000) }) },
    { contentType: 'application/json; charset=latin1', body: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
    json({ arguments: hostileValue(random), ics: hostileValue(random), title: hostileValue(random), decision: hostileValue(random) }),
    json(hostileValue(random)),
    { contentType: 'text/plain', body: 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:garbage\r\n' },
    {
      contentType: 'text/calendar',
      body: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nSUMMARY:\ud800\r\nDTSTART:20300101T100000Z\r\nEND:VEVENT\r\n',
    },
    { contentType: 'application/x-www-form-urlencoded', body: 'a=1&b=%ED%A0%80&__proto__[x]=1' },
    { contentType: 'application/octet-stream', body: Buffer.from([0, 1, 2, 255, 254]) },
    { contentType: 'image/png', body: 'not a png' },
    { body: '{"no":"content type"}' },
    { contentType: 'multipart/form-data', body: '--x\r\n\r\n' },
    {
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhalf a file and no closing boundary`,
    },
    {
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nx\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.txt"\r\n\r\ny\r\n--${boundary}--\r\n`,
    },
    {
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: `--${boundary}\r\nContent-Disposition: form-data; name="other"\r\n\r\nx\r\n--${boundary}--\r\n`,
    },
    {
      contentType: `multipart/form-data; boundary=${boundary}`,
      body: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${'\ud800'.repeat(3)}.exe"\r\n\r\nx\r\n--${boundary}--\r\n`,
    },
    { contentType: `multipart/form-data; boundary=${boundary}`, body: `garbage before any boundary` },
    { contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`, body: `--${'b'.repeat(300)}\r\n` },
    { contentType: 'multipart/form-data; boundary=""', body: '--\r\n' },
  ];
}

/** Query strings that no list or search route should trip over. */
export const HOSTILE_QUERIES: readonly string[] = [
  '',
  '?limit=-1',
  '?limit=99999999999999999999&offset=1e3',
  '?limit=abc&offset=%ED%A0%80',
  '?from=2026-02-30&days=-5',
  '?days=999999999',
  '?q=' + 'a'.repeat(5000),
  '?q=%00&top_k=0&format=exe',
  '?status=__proto__&include_checked=maybe&column=DOING',
  '?limit=1&limit=2',
  '?__proto__[polluted]=1',
];
