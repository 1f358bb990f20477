// The eight result sets of one hint, each in its own panel with its own progress and error.
import type { KSDataDto } from '../../../src-main/contract';
import { useQueries } from '@tanstack/react-query';
import { LOCALE_OF, useI18n } from '../../i18n';
import { ErrorPartsPanel } from '../../ui/ErrorPanel';
import type { MessageKey } from '../../i18n/messages';
import { Highlighted } from './Highlighted';
import { KeywordCells } from './KeywordCells';
import { KeywordSuggestPanel } from './KeywordSuggestPanel';
import type { PanelProps } from './panel-props';
import { PickList } from './PickList';
import type { PickItem } from './PickList';
import type { Detail } from './model/detail';
import { ResultPanel, hintPanelProps } from './ResultPanel';
import { sharedFailureGroups } from './model/shared-failures';
import { HINT_OPERATIONS, hintQueryOptions, useHintQuery } from './suggest-queries';
import type { HintOperation } from './suggest-queries';

type KsOperation = Extract<
  HintOperation,
  | 'GetKeywordsByKeywordHint'
  | 'GetSuggestionKeywordsByKeywordHint'
  | 'GetNicknamesByKeywordHint'
  | 'GetBooksKeywordByKeywordHint'
  | 'GetTicketKeywordByKeywordHint'
>;

const present = <T,>(list: (T | null)[] | undefined): T[] => (list ?? []).filter((x): x is T => x !== null);

function KsDataPanel({ op, ...p }: PanelProps & { op: KsOperation }) {
  const { t } = useI18n();
  const q = useHintQuery(op, p.hint);
  const rows = present<KSDataDto>(q.data?.data?.KSDataT);
  const shownHint = q.data?.hint ?? p.hint;
  const items: PickItem[] = rows.map((r, i) => ({
    key: `${i}:${r.Keyword ?? ''}`,
    keyword: r.Keyword ?? '',
    cells: <KeywordCells record={r} hint={shownHint} background={p.background} now={p.now} />,
  }));
  const title = t(`kw.op.${op}` as MessageKey);
  return (
    <ResultPanel {...hintPanelProps(op, title, q, p, rows.length)}>
      {items.length > 0 && (
        <div className="kw-cols kw-ks" aria-hidden>
          <span>{t('kw.col.rank')}</span>
          <span>{t('kw.col.keyword')}</span>
          <span>{t('kw.col.priority')}</span>
          <span>{t('kw.col.displayType')}</span>
          <span>{t('kw.col.window')}</span>
        </div>
      )}
      <PickList label={title} items={items} onPick={p.onPick} onOpen={p.onOpen} className="kw-ks" />
    </ResultPanel>
  );
}

function TopCategoryPanel(p: PanelProps) {
  const { t } = useI18n();
  const op = 'GetKeywordByTopCategoryList';
  const q = useHintQuery(op, p.hint);
  const rows = present(q.data?.data?.KSTopCategoryDataT);
  const title = t(`kw.op.${op}`);
  return (
    <ResultPanel {...hintPanelProps(op, title, q, p, rows.length)}>
      <PickList
        label={title}
        onPick={p.onPick}
        onOpen={p.onOpen}
        className="kw-cat"
        items={rows.map((r, i) => ({
          key: `${i}:${r.CategoryCode ?? ''}`,
          keyword: r.CategoryName ?? r.Keyword ?? '',
          cells: (
            <>
              <span className="kw-c-keyword">{r.CategoryName ?? ''}</span>
              <span className="kw-c-sub muted">
                <Highlighted text={r.Keyword ?? ''} hint={q.data?.hint ?? p.hint} />
              </span>
              <span className="kw-c-code num muted">{r.CategoryCode ?? ''}</span>
              <span className="kw-c-num num">{r.Priority ?? ''}</span>
            </>
          ),
        }))}
      />
    </ResultPanel>
  );
}

function BrandPanel(p: PanelProps) {
  const { t } = useI18n();
  const op = 'GetBrandShopSuggestionBrandsByKeywordHint';
  const q = useHintQuery(op, p.hint);
  const rows = present(q.data?.data?.KSDataBrandT);
  const shownHint = q.data?.hint ?? p.hint;
  const title = t(`kw.op.${op}`);
  return (
    <ResultPanel {...hintPanelProps(op, title, q, p, rows.length)}>
      <PickList
        label={title}
        onPick={p.onPick}
        onOpen={p.onOpen}
        className="kw-brand"
        items={rows.map((r, i) => {
          const detail: Detail | undefined =
            r.BrandCode === undefined ? undefined : { kind: 'brand', id: r.BrandCode, label: r.BrandName };
          return {
            key: `${i}:${r.BrandCode ?? ''}`,
            keyword: r.BrandName ?? '',
            detail,
            cells: (
              <>
                <span className="kw-c-keyword">
                  <Highlighted text={r.BrandName ?? ''} hint={shownHint} />
                  {r.Hint !== undefined && (
                    <span className="kw-c-sub muted">
                      {' '}
                      <Highlighted text={r.Hint} hint={shownHint} />
                    </span>
                  )}
                </span>
                <span>
                  {r.IsBrandShop && <span className="badge badge-neutral">{t('kw.brand.shop')}</span>}
                </span>
                <span className="kw-c-code num muted">{r.BrandCode ?? ''}</span>
                {detail ? (
                  <button
                    type="button"
                    className="kw-link"
                    tabIndex={-1}
                    title={t('kw.brand.open')}
                    aria-label={t('kw.brand.open')}
                    onClick={(e) => {
                      e.stopPropagation();
                      p.onOpen(detail);
                    }}
                  >
                    →
                  </button>
                ) : (
                  <span />
                )}
              </>
            ),
          };
        })}
      />
    </ResultPanel>
  );
}

export function HintPanels(p: Omit<PanelProps, 'sharedFailures'>) {
  const { t, lang } = useI18n();
  const queries = useQueries({ queries: HINT_OPERATIONS.map((op) => hintQueryOptions(op, p.hint)) });
  const groups = sharedFailureGroups(
    HINT_OPERATIONS.map((op, i) => ({ op, error: queries[i]!.error })),
    t,
    lang,
  );
  const sharedFailures = new Set(groups.flatMap((g) => g.ops));
  const panel = { ...p, sharedFailures };
  const list = new Intl.ListFormat(LOCALE_OF[lang], { type: 'conjunction' });
  return (
    <>
      {groups.map((g) => (
        <ErrorPartsPanel
          key={g.parts.identity}
          parts={g.parts}
          onRetry={() => {
            for (const op of g.ops) void queries[HINT_OPERATIONS.indexOf(op)]!.refetch();
          }}
        >
          <p className="kw-shared-ops">
            {t('kw.failure.ops', {
              count: g.ops.length,
              ops: list.format(g.ops.map((op) => t(`kw.op.${op}`))),
            })}
          </p>
        </ErrorPartsPanel>
      ))}
      {/* Two stacked columns rather than a grid, so a long panel never leaves a hole beside a short one. */}
      <div className="kw-panels">
        <div className="kw-col">
          <KeywordSuggestPanel {...panel} />
          <BrandPanel {...panel} />
          <KsDataPanel op="GetNicknamesByKeywordHint" {...panel} />
        </div>
        <div className="kw-col">
          <KsDataPanel op="GetKeywordsByKeywordHint" {...panel} />
          <KsDataPanel op="GetSuggestionKeywordsByKeywordHint" {...panel} />
          <TopCategoryPanel {...panel} />
          <KsDataPanel op="GetBooksKeywordByKeywordHint" {...panel} />
          <KsDataPanel op="GetTicketKeywordByKeywordHint" {...panel} />
        </div>
      </div>
    </>
  );
}
