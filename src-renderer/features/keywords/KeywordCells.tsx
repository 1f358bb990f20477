// One KSDataT as the marketplace would show it, plus the fields a seller weighs it by.
import type { KSDataDto } from '../../../src-main/contract';
import { formatNumber } from '../../format/numbers';
import { useI18n } from '../../i18n';
import { keywordColour } from './model/font-color';
import { Highlighted } from './Highlighted';
import { shortDateText, windowState } from './model/suggest-values';

export function KeywordCells({
  record,
  hint,
  background,
  now,
}: {
  record: KSDataDto;
  hint: string;
  background: string;
  now: number;
}) {
  const { t, lang } = useI18n();
  const keyword = record.Keyword ?? '';
  const colour = keywordColour(record.FontColorRgb, background);
  const state = windowState(record.ApplyingDate, record.ClosingDate, now);
  const hasWindow = record.ApplyingDate !== undefined || record.ClosingDate !== undefined;
  return (
    <>
      <span className="kw-c-rank num">
        {record.KeywordRank === undefined ? '' : formatNumber(record.KeywordRank, lang)}
      </span>
      <span
        className="kw-c-keyword"
        style={{ fontWeight: record.IsBold ? 700 : undefined, color: colour.text }}
        title={record.IsBold ? t('kw.bold.title') : undefined}
      >
        <Highlighted text={keyword} hint={hint} />
        {record.FontColorRgb !== undefined && (
          <span
            className="kw-swatch"
            style={{ background: colour.swatch }}
            data-raw={colour.swatch ? undefined : record.FontColorRgb}
            title={t(colour.text ? 'kw.color.title' : 'kw.color.unreadable', { value: record.FontColorRgb })}
            aria-label={t(colour.text ? 'kw.color.title' : 'kw.color.unreadable', {
              value: record.FontColorRgb,
            })}
          >
            {colour.swatch ? '' : record.FontColorRgb}
          </span>
        )}
      </span>
      <span className="kw-c-num num">{record.Priority ?? ''}</span>
      <span
        className="kw-c-dt num"
        title={
          record.DisplayType === undefined
            ? undefined
            : t('kw.displayType.title', { value: record.DisplayType })
        }
      >
        {record.DisplayType ?? ''}
      </span>
      <span
        className="kw-c-window num"
        title={hasWindow ? `${record.ApplyingDate ?? ''} – ${record.ClosingDate ?? ''}` : undefined}
      >
        {state !== 'active' && <span className="badge badge-neutral">{t(`kw.window.${state}`)}</span>}
        {hasWindow && `${shortDateText(record.ApplyingDate)}–${shortDateText(record.ClosingDate)}`}
      </span>
    </>
  );
}
