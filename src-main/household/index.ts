export { createHousehold, type HouseholdCapability } from './capability';
export { HouseholdService } from './service';
export type { HouseholdServiceOptions } from './service';
export { householdToolProvider } from './core-provider';
export { HomeError } from './errors';
export type { IcsImportResult } from './ics';
export type { RecipesImportResult } from './recipes-file';
export { HOUSEHOLD_MIGRATION_SETS, HOUSEHOLD_SCHEMAS } from './schemas';
export { MembersService, type MemberDirectory } from './members';
