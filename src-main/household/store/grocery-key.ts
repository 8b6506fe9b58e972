/** Aggregation key of a grocery: case- and space-insensitive name plus canonical unit. */
export function groceryKey(name: string, unit: string | null): string {
  return `${name.trim().toLowerCase().replace(/\s+/g, ' ')}|${unit ?? ''}`;
}
