// Finds Home Assistant entities from what a person says, in German or English:
// "Wohnzimmerlicht", "die Rollläden im Büro", "kitchen lights", "Licht in der Kueche".
// Both sides (the words said and the names in Home Assistant) go through the same
// folding, so umlauts, "ae" spellings, plurals and compounds meet in the middle.

/** One entity as the matcher sees it. */
export interface MatchCandidate {
  readonly entity_id: string;
  readonly domain: string;
  readonly name: string;
  readonly area_id?: string;
  readonly aliases?: readonly string[];
  /** `config`, `diagnostic`: reached by its own name only, never by an area or a domain. */
  readonly entity_category?: string;
}

export interface MatchArea {
  readonly area_id: string;
  readonly name: string;
  readonly aliases?: readonly string[];
}

export type MatchResult =
  | { readonly kind: 'found'; readonly entity_ids: readonly string[]; readonly area_id?: string }
  | { readonly kind: 'none' }
  | { readonly kind: 'ambiguous'; readonly entity_ids: readonly string[] };

/** Words that name a kind of device rather than a particular one. */
const DOMAIN_WORDS_RAW: Readonly<Record<string, readonly string[]>> = {
  light: ['Licht', 'Lampe', 'Leuchte', 'Beleuchtung', 'Deckenlicht', 'Deckenlampe', 'light', 'lamp'],
  switch: ['Schalter', 'Steckdose', 'switch', 'plug', 'socket', 'outlet'],
  cover: ['Rollladen', 'Rolladen', 'Rollo', 'Jalousie', 'Markise', 'Vorhang', 'cover', 'blind', 'shutter', 'curtain'],
  climate: ['Heizung', 'Thermostat', 'Klima', 'Klimaanlage', 'climate', 'heating', 'heater', 'thermostat'],
  media_player: ['Lautsprecher', 'Fernseher', 'TV', 'Musik', 'Radio', 'speaker', 'player', 'media', 'music'],
  scene: ['Szene', 'Stimmung', 'scene'],
  script: ['Skript', 'Routine', 'script'],
  lock: ['Schloss', 'Türschloss', 'lock'],
  alarm_control_panel: ['Alarm', 'Alarmanlage', 'alarm'],
  camera: ['Kamera', 'camera', 'cam'],
};

/** Filler words of a spoken request. */
const FILLER_RAW = (
  'der die das den dem des im in ins am an auf aus vom von zum zur bei beim ein eine einen alle allen alles ganz ganze ganzen ' +
  'mein meine unser unsere bitte und the a on of at all every my our please and'
).split(' ');

/** Room names said in English that German-named areas answer to, and the reverse; the first is the one they become. */
const ROOM_SYNONYMS: readonly (readonly string[])[] = [
  ['Wohnzimmer', 'living room', 'lounge', 'livingroom'],
  ['Küche', 'kitchen'],
  ['Schlafzimmer', 'bedroom', 'bed room'],
  ['Büro', 'office', 'study', 'Arbeitszimmer'],
  ['Bad', 'Badezimmer', 'bathroom', 'bath'],
  ['Flur', 'Diele', 'hallway', 'hall'],
  ['Kinderzimmer', 'kids room', 'nursery', 'children room'],
  ['Esszimmer', 'dining room', 'dining'],
  ['Garten', 'garden', 'yard'],
  ['Keller', 'basement', 'cellar'],
  ['Gästezimmer', 'guest room'],
  ['Terrasse', 'terrace', 'patio'],
  ['Balkon', 'balcony'],
  ['Eingang', 'entrance', 'entry'],
];

/** Lower case, umlauts and "ae"/"oe"/"ue" to their base vowel, ß to ss, nothing but letters, digits and spaces. */
export function foldWords(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/([aou])e/g, '$1')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** One folded word without its German or English plural or case ending ("Lichter" -> "licht", "Rollläden" -> "rolllad"). */
export function stem(word: string): string {
  for (const ending of ['en', 'er', 'es', 'n', 'e', 's']) {
    if (word.length - ending.length >= 3 && word.endsWith(ending)) return word.slice(0, -ending.length);
  }
  return word;
}

const stemPhrase = (phrase: string): string => foldWords(phrase).split(' ').filter(Boolean).map(stem).join(' ');

interface WordTables {
  readonly synonymOf: ReadonlyMap<string, string>;
  readonly domainWords: Readonly<Record<string, readonly string[]>>;
  readonly filler: ReadonlySet<string>;
  readonly multiWordSynonyms: readonly string[];
}

// Folded on the first match, not at import: folding the tables is about 1 ms of every
// cold start, and the first /api/health matches no names.
let wordTables: WordTables | undefined;

function tables(): WordTables {
  if (wordTables) return wordTables;
  const synonymOf = new Map<string, string>();
  for (const group of ROOM_SYNONYMS) {
    const canonical = stemPhrase(group[0] as string);
    for (const phrase of group) synonymOf.set(stemPhrase(phrase), canonical);
  }
  wordTables = {
    synonymOf,
    domainWords: Object.fromEntries(Object.entries(DOMAIN_WORDS_RAW).map(([domain, words]) => [domain, words.map(stemPhrase)])),
    filler: new Set(FILLER_RAW.flatMap((w) => [w, stem(w)])),
    multiWordSynonyms: [...synonymOf.keys()].filter((k) => k.includes(' ')).sort((a, b) => b.length - a.length),
  };
  return wordTables;
}

// A phrase is a few words; a long or hostile one is cut here so matching stays cheap.
const MAX_WORDS = 12;
const MAX_COMPOUND = 40;

// The names of a home's entities and areas are folded on every match: remembered, up to a bound.
const WORDS_CACHE = new Map<string, readonly string[]>();
const WORDS_CACHE_LIMIT = 20_000;

/** Folded, stemmed words with room synonyms mapped to one word. */
export function wordsOf(text: string): readonly string[] {
  const cached = WORDS_CACHE.get(text);
  if (cached) return cached;
  const words = computeWords(text);
  if (WORDS_CACHE.size >= WORDS_CACHE_LIMIT) WORDS_CACHE.clear();
  WORDS_CACHE.set(text, words);
  return words;
}

function computeWords(text: string): string[] {
  const { synonymOf, multiWordSynonyms } = tables();
  let joined = foldWords(text).split(' ').filter(Boolean).map(stem).join(' ');
  for (const phrase of multiWordSynonyms)
    joined = ` ${joined} `
      .split(` ${phrase} `)
      .join(` ${synonymOf.get(phrase)} `)
      .trim();
  return joined
    .split(' ')
    .filter(Boolean)
    .map((w) => synonymOf.get(w) ?? w);
}

function isDomainWord(word: string, domain: string | undefined): boolean {
  const { domainWords } = tables();
  const lists = domain
    ? [Object.hasOwn(domainWords, domain) ? (domainWords[domain] as readonly string[]) : []]
    : Object.values(domainWords);
  return lists.some((list) => list.some((d) => sameWord(d, word)));
}

/** Two stems name the same thing: equal, one a prefix of the other (at least 4 letters), or one typo apart. */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length >= 4 && long.startsWith(short)) return true;
  return short.length >= 5 && long.length - short.length <= 1 && editDistanceAtMostOne(short, long);
}

function editDistanceAtMostOne(a: string, b: string): boolean {
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length === b.length) {
      i++;
      j++;
    } else j++;
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/**
 * The words of a request that name something: fillers and the domain's own words dropped,
 * compounds ("wohnzimmerlicht", "buerolampe") split where one part is a known word.
 */
function meaningfulWords(text: string, domain: string | undefined, known: readonly string[]): string[] {
  const out: string[] = [];
  for (const word of wordsOf(text).slice(0, MAX_WORDS)) {
    if (tables().filler.has(word) || isDomainWord(word, domain)) continue;
    if (known.some((k) => sameWord(k, word))) {
      out.push(word);
      continue;
    }
    out.push(...splitCompound(word, domain, known));
  }
  return out;
}

/** "wohnzimmerlicht" -> ["wohnzimm"]; "deckenlichtkuch" -> ["kuch"]; an unsplittable word stays as it is. */
function splitCompound(word: string, domain: string | undefined, known: readonly string[]): string[] {
  if (word.length > MAX_COMPOUND) return [word];
  for (let cut = 3; cut <= word.length - 3; cut++) {
    const head = stem(word.slice(0, cut));
    const tail = stem(word.slice(cut));
    const headDomain = isDomainWord(head, domain) || isDomainWord(word.slice(0, cut), domain);
    const tailDomain = isDomainWord(tail, domain) || isDomainWord(word.slice(cut), domain);
    const headKnown = known.some((k) => sameWord(k, head));
    const tailKnown = known.some((k) => sameWord(k, tail));
    if (headKnown && tailDomain) return [head];
    if (headDomain && tailKnown) return [tail];
    if (headKnown && tailKnown) return [head, tail];
  }
  return [word];
}

function allMatch(wanted: readonly string[], have: readonly string[]): boolean {
  return wanted.every((w) => have.some((h) => sameWord(h, w) || (h.length >= 6 && h.includes(w) && w.length >= 4)));
}

/** The folded words of an area's name and aliases. */
function areaWords(area: MatchArea): string[] {
  return [area.name, ...(area.aliases ?? [])].flatMap(wordsOf);
}

/** The area a phrase names, if any ("im Wohnzimmer", "living room", "Buero"). */
export function findArea(text: string, areas: readonly MatchArea[]): MatchArea | undefined {
  const known = [...new Set(areas.flatMap(areaWords))];
  const wanted = meaningfulWords(text, undefined, known);
  if (wanted.length === 0) return undefined;
  return areas.find((a) => allMatch(wanted, areaWords(a)));
}

/**
 * The entities of `domain` a phrase means. An entity id matches itself. Otherwise every
 * meaningful word must appear in the entity's name, its area's name or its id; when the
 * words name only an area, all of the domain's entities there are meant ("die Rollläden im Büro").
 * Several entities match only when the words name an area (or nothing but the domain):
 * "Lampe" with two lamps in different rooms is ambiguous.
 */
export function matchEntities(
  text: string,
  domain: string | undefined,
  candidates: readonly MatchCandidate[],
  areas: readonly MatchArea[],
): MatchResult {
  const pool = domain ? candidates.filter((c) => c.domain === domain) : candidates;
  const exact = pool.find((c) => c.entity_id === text.trim());
  if (exact) return { kind: 'found', entity_ids: [exact.entity_id], ...(exact.area_id ? { area_id: exact.area_id } : {}) };
  // The spoken words are exactly one entity's name or alias ("Deckenlicht"): that one, before any partial match.
  const spoken = nameKey(text);
  if (spoken) {
    const named = pool.filter((c) => [c.name, ...(c.aliases ?? [])].some((n) => nameKey(n) === spoken));
    if (named.length === 1) {
      const only = named[0]!;
      return { kind: 'found', entity_ids: [only.entity_id], ...(only.area_id ? { area_id: only.area_id } : {}) };
    }
  }
  // As Home Assistant itself: status LEDs and diagnostics are not part of "the lights" or a room.
  const grouped = pool.filter((c) => !c.entity_category);

  const areaById = new Map(areas.map((a) => [a.area_id, a]));
  const describe = (c: MatchCandidate) => {
    const area = c.area_id ? areaById.get(c.area_id) : undefined;
    const own = [c.name, ...(c.aliases ?? []), c.entity_id.split('.')[1] ?? ''].flatMap(wordsOf);
    return { own, area: area ? areaWords(area) : [] };
  };
  const described = pool.map((c) => ({ c, ...describe(c) }));
  const known = [...new Set(described.flatMap((d) => [...d.own, ...d.area]))];
  const wanted = meaningfulWords(text, domain, known);

  if (wanted.length === 0) {
    if (grouped.length === 1) return { kind: 'found', entity_ids: [grouped[0]!.entity_id] };
    return grouped.length === 0 ? { kind: 'none' } : { kind: 'ambiguous', entity_ids: grouped.map((c) => c.entity_id) };
  }

  // Only an area named: every entity of the domain in it.
  const area = areas.find((a) => allMatch(wanted, areaWords(a)));
  if (area) {
    const inArea = grouped.filter((c) => c.area_id === area.area_id);
    if (inArea.length > 0) return { kind: 'found', entity_ids: inArea.map((c) => c.entity_id), area_id: area.area_id };
  }

  const hits = described.filter((d) => allMatch(wanted, [...d.own, ...d.area]));
  if (hits.length === 0) return { kind: 'none' };
  if (hits.length === 1) {
    const only = hits[0]!.c;
    return { kind: 'found', entity_ids: [only.entity_id], ...(only.area_id ? { area_id: only.area_id } : {}) };
  }
  // Prefer entities whose own name carries the words over those matched through the area.
  const byOwnName = hits.filter((d) => allMatch(wanted, d.own));
  if (byOwnName.length === 1) return { kind: 'found', entity_ids: [byOwnName[0]!.c.entity_id] };
  // Several in the same area: a request for the room's lights means all of them (its status LEDs not).
  const roomHits = hits.filter((d) => !d.c.entity_category);
  const areaIds = new Set(roomHits.map((d) => d.c.area_id));
  if (roomHits.length > 0 && areaIds.size === 1 && !areaIds.has(undefined)) {
    return { kind: 'found', entity_ids: roomHits.map((d) => d.c.entity_id), area_id: roomHits[0]!.c.area_id as string };
  }
  return { kind: 'ambiguous', entity_ids: hits.map((d) => d.c.entity_id) };
}

/** A name as a whole, fillers left out: "das Deckenlicht" and "Deckenlicht" are the same name. */
function nameKey(text: string): string {
  return wordsOf(text)
    .filter((w) => !tables().filler.has(w))
    .join(' ');
}
