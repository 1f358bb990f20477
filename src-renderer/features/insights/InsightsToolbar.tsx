// The page's filters in the shell's top bar: the period (7, 30, 90 days or custom) and the seller ID.
import { useI18n } from '../../i18n';
import type { MessageKey } from '../../i18n/messages';
import { PageToolbar } from '../../ui/shell-slots';
import { PERIOD_PRESETS } from './model/period';
import type { PeriodChoice, PeriodPreset } from './model/period';

export function InsightsToolbar(props: {
  period: PeriodChoice;
  /** The days the period resolves to (shown in the custom inputs when a preset is chosen). */
  resolved: { from: string; to: string };
  onPeriod: (p: PeriodChoice) => void;
  sellerId: string;
  sellerIds: readonly string[];
  onSeller: (id: string) => void;
  /** Count 24 and 48 hours in business hours (weekends and Korean public holidays left out). */
  businessDays: boolean;
  onBusinessDays: (on: boolean) => void;
}) {
  const { t } = useI18n();
  const { period: p, resolved } = props;
  return (
    <PageToolbar>
      <div className="insights-segmented" role="radiogroup" aria-label={t('insights.range')}>
        {PERIOD_PRESETS.map((preset: PeriodPreset) => (
          <button
            key={preset}
            type="button"
            role="radio"
            aria-checked={p.preset === preset}
            className={p.preset === preset ? 'insights-seg active' : 'insights-seg'}
            onClick={() =>
              props.onPeriod(
                preset === 'custom' ? { preset, start: resolved.from, end: resolved.to } : { ...p, preset },
              )
            }
          >
            {t(`insights.range.${preset}` as MessageKey)}
          </button>
        ))}
      </div>
      {p.preset === 'custom' && (
        <>
          <input
            type="date"
            aria-label={t('insights.range.start')}
            value={p.start}
            max={p.end}
            onChange={(e) => e.target.value && props.onPeriod({ ...p, start: e.target.value })}
          />
          <input
            type="date"
            aria-label={t('insights.range.end')}
            value={p.end}
            min={p.start}
            onChange={(e) => e.target.value && props.onPeriod({ ...p, end: e.target.value })}
          />
        </>
      )}
      <select
        aria-label={t('insights.seller')}
        value={props.sellerId}
        onChange={(e) => props.onSeller(e.target.value)}
      >
        <option value="">{t('insights.seller.all')}</option>
        {props.sellerIds.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <label className="insights-check">
        <input
          type="checkbox"
          checked={props.businessDays}
          onChange={(e) => props.onBusinessDays(e.target.checked)}
        />
        {t('insights.businessDays')}
      </label>
    </PageToolbar>
  );
}
