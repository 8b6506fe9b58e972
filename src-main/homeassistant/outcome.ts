import type { CallOutcome } from './link';

/**
 * What became of a call Home Assistant did not confirm, in a sentence for the household:
 * an entity whose state changed since the call was switched after all, one that kept its
 * state was not.
 */
export function outcomeSentence(outcome: CallOutcome, nameOf: (entityId: string) => string): string {
  const done: string[] = [];
  const notDone: string[] = [];
  for (const id of outcome.call.entity_ids) {
    const before = outcome.call.before[id];
    const after = outcome.after[id];
    const name = nameOf(id);
    if (after !== undefined && after !== before) done.push(`${name} (jetzt ${after})`);
    else notDone.push(`${name} (${after ?? 'unbekannt'})`);
  }
  const parts: string[] = [];
  if (done.length > 0) parts.push(`Home Assistant hat es doch ausgeführt: ${done.join(', ')}.`);
  if (notDone.length > 0) parts.push(`Nicht ausgeführt, unverändert: ${notDone.join(', ')}.`);
  return `Home Assistant ist wieder erreichbar. ${parts.join(' ')}`;
}
