// Canonical JSON, the input of every hash and signature: object keys sorted by UTF-16 code
// units, no white space, strings and numbers as JSON.stringify writes them, keys whose value
// is undefined left out and undefined array items written as null; NaN and Infinity refused.
// Every event, record and seal is hashed through it on the write path, so it is built with
// string appends instead of arrays of entries, and a caller whose keys are fixed passes them
// sorted once (`canonicalJsonOfKeys`) instead of sorting them per object.

function scalar(value: unknown): string {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('canonical JSON has no NaN or Infinity');
  return JSON.stringify(value) ?? 'null';
}

function array(value: readonly unknown[]): string {
  let out = '[';
  for (let i = 0; i < value.length; i++) {
    if (i > 0) out += ',';
    // A hole of a sparse array is written as nothing, as Array.prototype.join writes it.
    if (!(i in value)) continue;
    const item = value[i];
    out += item === undefined ? 'null' : canonicalJson(item);
  }
  return `${out}]`;
}

function members(value: Record<string, unknown>, sortedKeys: readonly string[]): string {
  let out = '{';
  let first = true;
  for (const key of sortedKeys) {
    const item = value[key];
    if (item === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(key)}:${canonicalJson(item)}`;
    first = false;
  }
  return `${out}}`;
}

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return scalar(value);
  if (Array.isArray(value)) return array(value);
  // The default sort compares strings by UTF-16 code units, the order canonical JSON asks for.
  return members(value as Record<string, unknown>, Object.keys(value).sort());
}

/**
 * Canonical JSON of an object whose own keys are `sortedKeys` (already in canonical order)
 * or a subset of them, e.g. an event's fields: the same text as `canonicalJson` without
 * sorting the keys of the outer object.
 */
export function canonicalJsonOfKeys<T extends object>(value: T, sortedKeys: readonly (keyof T & string)[]): string {
  return members(value as Record<string, unknown>, sortedKeys);
}
