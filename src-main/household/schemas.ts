import { CLIENT_REQUESTS_COMPONENT, CLIENT_REQUESTS_MIGRATIONS } from './store/client-requests';
import { HOUSEHOLD_COMPONENT, HOUSEHOLD_MIGRATIONS } from './store';

/** The schema version of each component this build of the household writes. */
export const HOUSEHOLD_SCHEMAS: Readonly<Record<string, number>> = {
  [HOUSEHOLD_COMPONENT]: HOUSEHOLD_MIGRATIONS.length,
  [CLIENT_REQUESTS_COMPONENT]: CLIENT_REQUESTS_MIGRATIONS.length,
};
