// Child process for the SIGKILL durability test: writes groceries through the real tool
// path in a loop and prints "ack <id>" only after each call returned success (committed).
import { householdToolProvider } from '../household/core-provider';
import { HouseholdService } from '../household/service';
import { SkillRegistry } from '../platform/registry';
import { openDatabase } from '../platform/database';

const file = process.argv[2];
if (!file) throw new Error('usage: household-writer <db file>');
const db = openDatabase(file);
const service = new HouseholdService({ db, timezone: 'Europe/Berlin', clock: () => new Date() });
const registry = new SkillRegistry();
registry.addProvider(householdToolProvider(service));
process.stdout.write('ready\n');
for (let i = 0; ; i++) {
  const tool = i % 3 === 2 ? 'tasks_create' : 'groceries_add';
  const args = tool === 'tasks_create' ? { title: `Aufgabe ${i}` } : { name: `Artikel ${i}`, quantity: i + 1, unit: 'g' };
  const result = await registry.call(tool, args, { traceId: `w${i}`, now: new Date(), timezone: 'Europe/Berlin', actor: 'system' });
  if (!result.success) throw new Error(result.message);
  process.stdout.write(`ack ${(result.data as { id: string }).id}\n`);
}
