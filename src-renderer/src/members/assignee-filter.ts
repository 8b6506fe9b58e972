// Which items a "Meine / Alle / <Person>" filter shows. "mine" is the viewer's member (the
// paired device's, or the desktop member); a person filter shows only that person's items.
import type { Member } from '../../../src-shared';

/** `mine`, `everyone`, or a member id. */
export type AssigneeChoice = 'mine' | 'everyone' | string;

export function memberFilter(choice: AssigneeChoice, viewerMember: string): string | undefined {
  if (choice === 'everyone') return undefined;
  return choice === 'mine' ? viewerMember : choice;
}

export function byAssignee<T extends { readonly assignee: string | null }>(
  items: readonly T[],
  choice: AssigneeChoice,
  viewerMember: string,
): readonly T[] {
  const member = memberFilter(choice, viewerMember);
  return member === undefined ? items : items.filter((x) => x.assignee === member);
}

/** The members by id, for badges and colours. */
export function membersById(members: readonly Member[]): ReadonlyMap<string, Member> {
  return new Map(members.map((m) => [m.id, m]));
}

/** Black or white, whichever reads better on `color` (#rrggbb): a member may pick a light colour. */
export function textOn(color: string): '#000' | '#fff' {
  const channel = (i: number) => {
    const c = parseInt(color.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? '#000' : '#fff';
}

/**
 * The members an item is for, in order; empty is everyone's. An event may name several
 * (`assignees`); every other item, and an event from an older master, names one at most.
 */
export function assigneesOf(item: { readonly assignee: string | null; readonly assignees?: readonly string[] }): readonly string[] {
  if (item.assignees?.length) return item.assignees;
  return item.assignee ? [item.assignee] : [];
}

/**
 * A CSS gradient that shows each colour as an equal segment, top to bottom: the stripe of an
 * event for several people. One colour is a plain stripe.
 */
export function segmentedStripe(colors: readonly string[]): string | undefined {
  if (!colors.length) return undefined;
  const step = 100 / colors.length;
  const stops = colors.map((c, i) => `${c} ${(i * step).toFixed(2)}% ${((i + 1) * step).toFixed(2)}%`);
  return `linear-gradient(to bottom, ${stops.join(', ')})`;
}
