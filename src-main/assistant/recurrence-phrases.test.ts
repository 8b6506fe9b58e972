import { describe, expect, it } from 'vitest';
import { findRecurrence, findSeriesTime } from './recurrence-phrases';

const rule = (text: string) => findRecurrence(text)?.value.rrule;

describe('recurrence phrases', () => {
  it.each([
    ['Restmüll jeden zweiten Dienstag', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU'],
    ['Turnen jeden Montag 17 Uhr', 'FREQ=WEEKLY;BYDAY=MO'],
    ['Miete am 1. jeden Monats', 'FREQ=MONTHLY;BYMONTHDAY=1'],
    ['Zeitung am 15. des Monats', 'FREQ=MONTHLY;BYMONTHDAY=15'],
    ['Klavier montags und donnerstags', 'FREQ=WEEKLY;BYDAY=MO,TH'],
    ['Stammtisch am ersten Freitag im Monat', 'FREQ=MONTHLY;BYDAY=1FR'],
    ['Abrechnung am letzten Tag des Monats', 'FREQ=MONTHLY;BYMONTHDAY=-1'],
    ['Bio-Tonne alle zwei Wochen am Mittwoch', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE'],
    ['Schulbus werktags um 7:15', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    ['Blumen gießen täglich', 'FREQ=DAILY'],
    ['Geburtstag jährlich', 'FREQ=YEARLY'],
    ['trash every other Tuesday', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU'],
    ['school run every weekday at 7', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
    ['rent monthly on the 15th', 'FREQ=MONTHLY;BYMONTHDAY=15'],
    ['rent on the 1st of every month', 'FREQ=MONTHLY;BYMONTHDAY=1'],
    ['book club on the last Thursday of the month', 'FREQ=MONTHLY;BYDAY=-1TH'],
    ['swimming every Monday and Wednesday', 'FREQ=WEEKLY;BYDAY=MO,WE'],
    ['piano on Fridays', 'FREQ=WEEKLY;BYDAY=FR'],
  ])('%s -> %s', (text, expected) => {
    expect(rule(text)).toBe(expected);
  });

  it('starts a single-weekday series on that weekday, other series from today', () => {
    expect(findRecurrence('Turnen jeden Montag')?.value.start).toEqual({ kind: 'weekday', weekday: 'monday' });
    expect(findRecurrence('Miete am 1. jeden Monats')?.value.start).toEqual({ kind: 'relative', offset_days: 0 });
  });

  it('leaves the title in the rest', () => {
    expect(findRecurrence('Restmüll jeden zweiten Dienstag')?.rest).toBe('Restmüll');
  });

  it('is not fooled by one-off days or a month day without "every"', () => {
    expect(findRecurrence('Zahnarzt nächsten Montag')).toBeUndefined();
    expect(findRecurrence('Zahnarzt am 15.')).toBeUndefined();
  });

  it('reads the short times a series is said with', () => {
    expect(findSeriesTime('Turnen 17 Uhr')?.value).toBe('17:00');
    expect(findSeriesTime('school run at 7')?.value).toBe('07:00');
    expect(findSeriesTime('school run at 7 pm')?.value).toBe('19:00');
    expect(findSeriesTime('um 7:15')?.value).toBe('07:15');
    expect(findSeriesTime('Bus 7')).toBeUndefined();
  });
});
