import { isFamilyText, type ToolResult } from '../../src-shared';
import { notFoundSentenceOfTool } from '../household';

// A failed tool call in the household's words. The tools write their refusals in German for
// people; an English request gets a sentence chosen by the refusal's code, and a refusal
// that names something a family should never read (an id, a setting, a tool) is replaced by
// the plain sentence for its code.

const ENGLISH: Readonly<Record<string, string>> = {
  INVALID_INPUT: 'Something in that request does not fit – please check it.',
  INVALID_ARGUMENTS: 'Something in that request does not fit – please check it.',
  INVALID_TIME: 'I could not make out that date or time.',
  CONFLICT: 'That clashes with something that is already there.',
  MANUAL_OVERRIDE: 'That was changed by hand and stays as it is.',
  MEMBER_HAS_ITEMS: 'That person still has items of their own; move or remove them first.',
  POLICY_DENIED: 'The household’s rules do not allow that.',
  CONFIRMATION_REQUIRED: 'That needs a yes from you first.',
  APPROVAL_REQUIRED: 'That needs a parent’s approval first.',
  UNKNOWN_TOOL: 'I cannot do that here.',
  NOT_CONFIGURED: 'That is not set up yet – Settings has the way to connect it.',
  NOT_CONNECTED: 'That is not connected right now.',
  AMBIGUOUS: 'More than one thing matches that name – please say which one.',
  UNKNOWN_MEMBER: 'Nobody in the household has that name.',
  SKILL_TIMEOUT: 'That took too long and was stopped.',
  SKILL_CRASHED: 'That skill stopped with an error.',
  SKILL_LIMIT_EXCEEDED: 'That skill needed more memory or disk than it may use.',
  WORKER_UNREACHABLE: 'The computer that runs that skill cannot be reached.',
  UPSTREAM_UNAVAILABLE: 'The device or service cannot be reached right now.',
  HOMEASSISTANT_REFUSED: 'Home Assistant refused that.',
  SKILL_TOOL_NOT_ALLOWED: 'The skill being followed may not do that.',
};

const GERMAN_FALLBACK: Readonly<Record<string, string>> = {
  NOT_FOUND: 'Das gibt es nicht (mehr).',
  POLICY_DENIED: 'Das erlauben die Regeln des Haushalts nicht.',
  APPROVAL_REQUIRED: 'Dafür braucht es zuerst die Zustimmung eines Elternteils.',
  UNKNOWN_TOOL: 'Das kann ich hier nicht.',
  SKILL_TOOL_NOT_ALLOWED: 'Das darf der Skill, dem ich gerade folge, nicht.',
};

/** Why a tool call failed, as the family reads it; undefined when there is nothing to say but that it failed. */
export function failureWords(tool: string, result: ToolResult, lang: 'de' | 'en'): string | undefined {
  const code = result.error?.code ?? '';
  if (lang === 'en') {
    if (code === 'NOT_FOUND') return notFoundSentenceOfTool(tool, 'en');
    return ENGLISH[code];
  }
  const why = result.error?.message ?? result.message;
  if (why && isFamilyText(why)) return why;
  return GERMAN_FALLBACK[code];
}
