import { describe, expect, it } from 'vitest';
import { formatRule, parseRule } from './rule';

describe('recurrence rules', () => {
  it('reads a rule with or without the RRULE: prefix and writes it back in one order', () => {
    expect(formatRule(parseRule('RRULE:byday=TU;interval=2;freq=weekly'))).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU');
    expect(formatRule(parseRule('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;WKST=SU'))).toBe(
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;WKST=SU',
    );
    expect(formatRule(parseRule('FREQ=YEARLY;UNTIL=20301231T230000Z'))).toBe('FREQ=YEARLY;UNTIL=20301231T230000Z');
  });

  it.each([
    ['INTERVAL=2', /Häufigkeit \(FREQ\)/],
    ['FREQ=HOURLY', /öfter als täglich/],
    ['FREQ=FORTNIGHTLY', /keine Häufigkeit/],
    ['FREQ=DAILY;BYHOUR=9', /Stunden \(BYHOUR\)/],
    ['FREQ=WEEKLY;BYDAY=XX', /kein Wochentag/],
    ['FREQ=WEEKLY;BYDAY=2TU', /nur bei monatlichen oder jährlichen/],
    ['FREQ=MONTHLY;BYDAY=6MO', /gibt es nicht/],
    ['FREQ=MONTHLY;BYMONTHDAY=32', /außerhalb/],
    ['FREQ=DAILY;COUNT=3;UNTIL=20270101', /schließen sich aus/],
    ['FREQ=DAILY;UNTIL=20261399', /kein gültiges Datum/],
    ['FREQ=DAILY;INTERVAL=0', /außerhalb/],
    ['FREQ=DAILY;COUNT=999999', /außerhalb|Liste/],
    ['FREQ=DAILY;BYSETPOS=1', /braucht/],
    ['FREQ=DAILY;FREQ=WEEKLY', /zweimal/],
  ])('refuses %s with a sentence that says why', (text, message) => {
    expect(() => parseRule(text)).toThrow(message);
  });
});
