import { ApiError } from '../api';
import { exists, t } from '../i18n';
import { isFamilyText } from '../../../src-shared';

/**
 * A refusal or failure in the UI's language: a known error code has its own text, else the
 * server's message (written for people), else a plain "did not work".
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code && exists(`errors.${error.code}`)) return t(`errors.${error.code}`);
    return error.message && isFamilyText(error.message) ? error.message : t('errors.generic');
  }
  if (error instanceof Error && error.message && isFamilyText(error.message)) return error.message;
  return t('errors.generic');
}
