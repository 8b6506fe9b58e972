export { parseRule, formatRule, RuleError, RULE_LIMITS, WEEKDAY_CODES, type Rule } from './rule';
export {
  shapeOf,
  spanOnDay,
  seriesDays,
  seriesDayOf,
  occurrencesIn,
  overrideOccurrence,
  isRuleOccurrence,
  firstOccurrenceFrom,
  seriesEndOf,
  ruleOccurrencesIn,
  OCCURRENCES_PER_SERIES,
  type Occurrence,
  type SeriesShape,
} from './series';
