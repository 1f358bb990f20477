// The inbox's filters: search and period in the shell's top bar, the facets (status, type, seller, item,
// order) in a row above the list where their counts have room.
import { memo } from 'react';
import type { ReactNode, RefObject } from 'react';
import { Download, RefreshCw, Search, X } from 'lucide-react';
import type { NoteQueryType } from '../../../src-main/contract';
import { useI18n } from '../../i18n';
import type { MessageKey } from '../../i18n/messages';
import { RANGE_PRESETS, STATUSES } from './model/filters';
import { INQUIRY_TYPES } from '../../../src-shared/note-fields';
import type { InboxFilters, RangePreset, ResolvedRange, WaitingFilter } from './model/filters';
import type { Counts, NoteState } from './model/note-columns';
import { formatCount } from './count-format';
import { Chip } from '../../ui/Chip';
import {
  FIRST_MARKET_DAY,
  LAST_MARKET_DAY,
  MAX_SYNC_DAYS,
  isSaneMarketDay,
} from '../../../src-shared/market-day';

type Patch = (patch: Partial<InboxFilters>) => void;

// Item and order numbers are typed into the one search box (whole or partial); these exact scopes come from the
// note pane's "all notes of this item / order / buyer" and show as chips that remove themselves.
const SCOPES = ['itemNo', 'orderNo', 'buyerId'] as const;

/** Memoized: a chip keystroke does not touch the top bar. */
export const TopFilters = memo(function TopFilters(props: {
  filters: Pick<InboxFilters, 'search' | 'preset' | 'start' | 'end'>;
  range: ResolvedRange;
  patch: Patch;
  searchRef: RefObject<HTMLInputElement | null>;
  onRefresh: () => void;
  onExport: (format: 'csv' | 'xlsx') => void;
  busy: boolean;
  /** An export is running: its buttons wait for it. */
  exporting?: boolean;
}) {
  const { t } = useI18n();
  const { filters: f, patch, range, searchRef, onRefresh, onExport, busy, exporting } = props;
  return (
    <div className="inbox-top">
      <div className="search-box">
        <Search size={14} aria-hidden className="search-icon" />
        <input
          ref={searchRef}
          type="search"
          aria-label={t('inbox.search')}
          placeholder={t('inbox.search.placeholder')}
          value={f.search}
          onChange={(e) => patch({ search: e.target.value })}
        />
      </div>
      <select
        aria-label={t('inbox.range')}
        value={f.preset}
        onChange={(e) => {
          const preset = e.target.value as RangePreset;
          // Custom starts from the period on screen, so switching to it never jumps.
          patch(preset === 'custom' ? { preset, start: range.start, end: range.end } : { preset });
        }}
      >
        {RANGE_PRESETS.map((p) => (
          <option key={p} value={p}>
            {t(`inbox.range.${p}` as MessageKey)}
          </option>
        ))}
      </select>
      {f.preset === 'custom' && (
        <span className="date-range">
          <input
            type="date"
            aria-label={t('inbox.range.start')}
            value={f.start}
            min={FIRST_MARKET_DAY}
            max={f.end || LAST_MARKET_DAY}
            onChange={(e) => isSaneMarketDay(e.target.value) && patch({ start: e.target.value })}
          />
          <span aria-hidden>–</span>
          <input
            type="date"
            aria-label={t('inbox.range.end')}
            value={f.end}
            min={f.start || FIRST_MARKET_DAY}
            max={LAST_MARKET_DAY}
            onChange={(e) => isSaneMarketDay(e.target.value) && patch({ end: e.target.value })}
          />
          {(f.start <= f.end ? f.start : f.end) < range.start ? (
            <span className="range-clamped" role="status">
              {t('inbox.range.clamped', { days: MAX_SYNC_DAYS, start: range.start })}
            </span>
          ) : null}
        </span>
      )}
      <span className="spacer" />
      <button
        type="button"
        className="btn btn-small"
        onClick={onRefresh}
        disabled={busy}
        title={t('inbox.refresh')}
      >
        <RefreshCw size={13} aria-hidden />
        {t('inbox.refresh')}
      </button>
      <div className="export-group" role="group" aria-label={t('inbox.export')}>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => onExport('csv')}
          disabled={exporting}
          title={t('inbox.export.csv')}
        >
          <Download size={13} aria-hidden />
          CSV
        </button>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => onExport('xlsx')}
          disabled={exporting}
          title={t('inbox.export.xlsx')}
        >
          XLSX
        </button>
      </div>
    </div>
  );
});

export function FacetBar(props: {
  filters: InboxFilters;
  patch: Patch;
  statusCounts: Counts<'All' | NoteState>;
  typeCounts: Counts<NoteQueryType>;
  sellerIds: readonly string[];
  slaHours: number;
  onClear: () => void;
  narrowed: boolean;
  /** What heads the row (team mode's views in a short window). */
  lead?: ReactNode;
}) {
  const { t } = useI18n();
  const { filters: f, patch } = props;
  const toggleType = (q: NoteQueryType) =>
    patch({ types: f.types.includes(q) ? f.types.filter((x) => x !== q) : [...f.types, q] });
  return (
    <div className="facet-bar">
      {props.lead}
      <div className="segmented" role="radiogroup" aria-label={t('inbox.status')}>
        {STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            aria-checked={f.status === s}
            className={f.status === s ? 'seg active' : 'seg'}
            onClick={() => patch({ status: s })}
          >
            {t(`inbox.status.${s}`)}{' '}
            <span className="seg-count num">{formatCount(props.statusCounts[s])}</span>
          </button>
        ))}
      </div>
      <div className="chips" role="group" aria-label={t('inbox.type')}>
        {INQUIRY_TYPES.map((q) => (
          <Chip
            key={q}
            aria-pressed={f.types.includes(q)}
            active={f.types.includes(q)}
            onClick={() => toggleType(q)}
          >
            {t(`inbox.type.${q}` as MessageKey)}{' '}
            <span className="num">{formatCount(props.typeCounts[q])}</span>
          </Chip>
        ))}
      </div>
      <select
        aria-label={t('inbox.waiting')}
        value={f.waiting}
        onChange={(e) => patch({ waiting: e.target.value as WaitingFilter })}
      >
        <option value="">{t('inbox.waiting.any')}</option>
        <option value="sla">{t('inbox.waiting.sla', { hours: props.slaHours })}</option>
        <option value="48h">{t('inbox.waiting.48h')}</option>
      </select>
      <select
        aria-label={t('inbox.seller')}
        value={f.sellerId}
        onChange={(e) => patch({ sellerId: e.target.value })}
      >
        <option value="">{t('inbox.seller.all')}</option>
        {props.sellerIds.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      {SCOPES.map((key) => {
        const value = f[key];
        if (!value) return null;
        const label = t(`inbox.scope.${key}`, { value });
        return (
          <Chip
            key={key}
            active
            data-testid={`scope-${key}`}
            aria-label={t('inbox.scope.remove', { what: label })}
            title={t('inbox.scope.remove', { what: label })}
            onClick={() => patch({ [key]: '' })}
          >
            <span className="num">{label}</span>
            <X size={12} aria-hidden />
          </Chip>
        );
      })}
      {props.narrowed && (
        <button type="button" className="btn btn-small btn-ghost" onClick={props.onClear} title="Esc">
          <X size={13} aria-hidden />
          {t('inbox.clear')}
        </button>
      )}
    </div>
  );
}
