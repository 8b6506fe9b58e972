import { parseStackAllowList } from '../../src-shared';

// The two list settings the household types into the Settings screen. Each check matches
// what reads the value: the network skill's wake list (`name=MAC[@broadcast[:port]]`, a bad
// entry refuses the whole list) and the Compose allow-list (project names). The master
// does not import skill code, so the wake format is checked here as the skill parses it.

const WAKE_ENTRY = /^([^=]+)=([0-9A-Fa-f:-]+)(?:@([^:@\s]+)(?::(\d{1,5}))?)?$/;

function entries(text: string): string[] {
  return text
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
}

/** The first entry of a wake list the network skill would refuse, or undefined when all fit. */
export function badWakeEntry(text: string): string | undefined {
  return entries(text).find((entry) => {
    const m = WAKE_ENTRY.exec(entry);
    if (!m || !/^[0-9a-f]{12}$/i.test(m[2]!.replace(/[:-]/g, ''))) return true;
    const port = m[4] === undefined ? 9 : Number(m[4]);
    return port < 1 || port > 65535;
  });
}

/** The first entry of a stack list that is not a Compose project name, or undefined. */
export function badStackEntry(text: string): string | undefined {
  return parseStackAllowList(text).invalid[0];
}
