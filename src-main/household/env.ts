import type { HouseholdStore } from './household-store';
import type { ToolContext } from '../platform/registry';

/** What a household tool handler works with: the store inside its transaction, the zone, the time. */
export interface HomeEnv {
  readonly store: HouseholdStore;
  readonly timezone: string;
  readonly now: Date;
  readonly actor: ToolContext['actor'];
  /** The member who asked (ToolContext.member); absent = the desktop member. */
  readonly member?: string;
}
