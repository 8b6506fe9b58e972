/** The wall display's address: `/?wall` (the desktop app's wall window and a paired tablet open it). */
export function isWallAddress(search: string = globalThis.location?.search ?? ''): boolean {
  return new URLSearchParams(search).has('wall');
}
