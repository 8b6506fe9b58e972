import { randomInt } from 'node:crypto';

// An app password is typed once into a phone's account settings, so it is made of
// letters that cannot be mistaken for each other, in groups of four: 20 letters of a
// 30-letter alphabet are about 98 random bits.

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz2345678';
const GROUPS = 5;
const GROUP = 4;
/** Longest Authorization header looked at: a real one is far shorter. */
const MAX_HEADER = 1024;

export function newAppPassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let s = '';
    for (let i = 0; i < GROUP; i++) s += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(s);
  }
  return groups.join('-');
}

/** The password of an HTTP Basic Authorization header (RFC 7617), or undefined. The user name is not used. */
export function basicPassword(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string' || header.length > MAX_HEADER) return undefined;
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  // Phones may keep the groups' dashes or capitalise the first letter; both still match.
  const password = decoded
    .slice(colon + 1)
    .trim()
    .toLowerCase();
  return password.length > 0 ? password : undefined;
}
