export { createHousehold, type HouseholdCapability, type HouseholdState } from './capability';
export { HouseholdService } from './service';
export type { HouseholdServiceOptions, StateView } from './service';
export { householdToolProvider } from './core-provider';
export { HomeError, notFoundSentenceOfTool } from './errors';
export { toolReplyOf } from './replies';
export type { IcsImportResult } from './ics/import-export';
export type { RecipesImportResult } from './domains/recipes/file';
export { HOUSEHOLD_MIGRATION_SETS, HOUSEHOLD_SCHEMAS } from './schemas';
export {
  parseChoreSentence,
  parseChoreDone,
  matchChoreDone,
  CHORE_TOOL_NAMES,
  CHORE_WORDS,
  type ChoreSentence,
  type ChoreDoneSentence,
} from './domains/chores';
export { MembersService, type MemberDirectory } from './members';
export type { CalendarObjectInfo, CalendarObjectKind, SpanFields } from './ics/calendar-objects';
export type { IcsEventFields, IcsOverrideFields, IcsSeriesFields, IcsTaskFields, ParsedIcs } from './ics/parse';
export { DOMAINS, DOMAIN_RESOURCES, DOMAIN_TOOL_PHRASES, type DomainDescriptor, type DomainResource } from './domains';
