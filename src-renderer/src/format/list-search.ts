// The search above a long list (shopping list, tasks): it narrows what is shown while typing.

/** From this many lines on, a list gets a search field. */
export const SEARCH_FROM = 6;

const fold = (text: string) => text.trim().toLocaleLowerCase().replace(/\s+/g, ' ');

/** True when a line's text contains what was typed (case and spacing ignored); an empty search shows all. */
export function matchesSearch(text: string, query: string): boolean {
  const q = fold(query);
  return q === '' || fold(text).includes(q);
}
