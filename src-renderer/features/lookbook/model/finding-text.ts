// A finding in plain words with the fix, in the UI's language: won amounts formatted as a seller reads them
// ("쿠폰가 17,900원이 판매가 15,900원보다 높거나 같습니다"), a gap of one page named as one page.
import { formatWon } from '../../../format/money';
import type { Lang } from '../../../i18n/lang';
import type { Translate } from '../../../i18n/translator';
import type { AuditFinding } from './audit-rules';

export function findingText(f: AuditFinding, t: Translate, lang: Lang): string {
  const won = Object.fromEntries(
    Object.entries(f.won ?? {}).map(([k, raw]) => [k, formatWon(raw, lang).text]),
  );
  const vars = { ...f.vars, ...won };
  if (f.kind === 'page-gap' && vars['from'] === vars['to']) {
    return t('lookbook.audit.page-gap.single', { page: vars['from']! });
  }
  return t(`lookbook.audit.${f.kind}`, vars);
}
