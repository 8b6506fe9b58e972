/**
 * The folder under the user skills folder that `jarvis skill discover` writes to. Its
 * skills are always proposals, even at the very first start (no installation baseline).
 */
export const DISCOVERED_FOLDER = 'discovered';
