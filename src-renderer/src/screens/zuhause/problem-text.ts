import type { HomeSectionProblem } from '../../../../src-shared';
import { t } from '../../i18n';

/** A section's problem in the household's words; undefined when only the setup steps are needed. */
export function problemText(problem: HomeSectionProblem): string | undefined {
  if (problem.state === 'not_configured') return undefined;
  if (problem.state === 'unavailable') return t('zuhause.unavailable');
  switch (problem.code) {
    case 'UNAUTHORIZED':
      return t('zuhause.unauthorized');
    case 'CERT_FINGERPRINT_CHANGED':
      return t('zuhause.certChanged');
    case 'UNREACHABLE':
    case 'TIMEOUT':
      return t('zuhause.unreachable');
    case 'BAD_SETTING':
      return t('zuhause.badSetting');
    default:
      return t('zuhause.failed');
  }
}
