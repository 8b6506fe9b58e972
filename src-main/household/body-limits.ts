/**
 * A household create or edit (a task, an event, a grocery, a member) holds a few fields of
 * text: 64 KB is far past any real one. A bigger body is refused (413) before it is parsed,
 * so it changes nothing and costs the master little.
 */
export const HOUSEHOLD_EDIT_LIMIT_BYTES = 64 * 1024;
