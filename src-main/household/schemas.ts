import { CLIENT_REQUESTS_COMPONENT, CLIENT_REQUESTS_MIGRATIONS } from './store/client-requests';
import { HOUSEHOLD_COMPONENT, HOUSEHOLD_MIGRATIONS } from './store';
import { CHORES_COMPONENT, CHORES_MIGRATIONS } from './domains/chores';

/** The migrations of each component of the household. */
export const HOUSEHOLD_MIGRATION_SETS = {
  [HOUSEHOLD_COMPONENT]: HOUSEHOLD_MIGRATIONS,
  [CLIENT_REQUESTS_COMPONENT]: CLIENT_REQUESTS_MIGRATIONS,
  [CHORES_COMPONENT]: CHORES_MIGRATIONS,
} as const;

/** The schema version of each component this build of the household writes. */
export const HOUSEHOLD_SCHEMAS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(HOUSEHOLD_MIGRATION_SETS).map(([component, migrations]) => [component, migrations.length]),
);
