import { ApiError } from '../api';
import { exists, t } from '../i18n';

// What a family reads must not name settings or tools: a server message that does falls
// back to a plain sentence (the technical text stays in the trace and in Wissen & System).
const ENV_VAR = /\b[A-Z][A-Z0-9]+_[A-Z0-9_]+\b/;
const TOOL_ID = /\b(calendar|tasks|reminders|groceries|recipes|mealplan|kanban|rag|system|skill)_[a-z_]+\b/;

/** Whether a server text may be shown as it is on the household's screens. */
export function isPlainText(text: string): boolean {
  return !ENV_VAR.test(text) && !TOOL_ID.test(text);
}

/**
 * A refusal or failure in the UI's language: a known error code has its own text, else the
 * server's message (written for people), else a plain "did not work".
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code && exists(`errors.${error.code}`)) return t(`errors.${error.code}`);
    return error.message && isPlainText(error.message) ? error.message : t('errors.generic');
  }
  if (error instanceof Error && error.message && isPlainText(error.message)) return error.message;
  return t('errors.generic');
}
