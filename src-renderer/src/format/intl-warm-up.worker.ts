// See intl-warm-up.ts: the formats Home's first render uses (household-time.ts and the
// translations' plurals). Their data stays loaded for the whole process; the worker ends.
const now = new Date();
new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
new Intl.DateTimeFormat('de', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(now);
new Intl.PluralRules('de').select(1);
self.close();
