// GetKeywordSuggest: the combined suggestion — keyword contents with their drill-down links, top categories,
// shops, MD picks and DLP promotions — in one panel with a section per child list.
import type { KeywordSuggestDto } from '../../../src-main/contract';
import { useI18n } from '../../i18n';
import type { MessageKey } from '../../i18n/messages';
import type { Detail } from './model/detail';
import { Highlighted } from './Highlighted';
import type { PanelProps } from './panel-props';
import { PickList } from './PickList';
import type { PickItem } from './PickList';
import { ResultPanel, hintPanelProps } from './ResultPanel';
import { useHintQuery } from './suggest-queries';

function links(c: NonNullable<KeywordSuggestDto['KeywordContents']>[number]): Detail[] {
  const out: Detail[] = [];
  if (c.BrandID !== undefined) out.push({ kind: 'brand', id: c.BrandID, label: c.Keyword });
  if (c.BookItemNo !== undefined && c.BookItemNo !== '')
    out.push({ kind: 'book', id: c.BookItemNo, label: c.Keyword });
  if (c.CatalogID !== undefined) out.push({ kind: 'catalog', id: c.CatalogID, label: c.Keyword });
  return out;
}

export function KeywordSuggestPanel(p: PanelProps) {
  const { t } = useI18n();
  const op = 'GetKeywordSuggest';
  const q = useHintQuery(op, p.hint);
  const data = q.data?.data;
  const shownHint = q.data?.hint ?? p.hint;
  const title = t(`kw.op.${op}`);

  const contents: PickItem[] = (data?.KeywordContents ?? []).map((c, i) => {
    const ls = links(c);
    // → opens the most specific drill-down: a catalog or a book says more than the brand.
    const primary = ls.find((l) => l.kind === 'catalog') ?? ls.find((l) => l.kind === 'book') ?? ls[0];
    return {
      key: `c${i}`,
      keyword: c.Keyword ?? '',
      detail: primary,
      cells: (
        <>
          <span className="kw-c-keyword">
            <Highlighted text={c.Keyword ?? ''} hint={shownHint} />
          </span>
          <span className="kw-c-num num">{c.Priority ?? ''}</span>
          <span className="kw-c-links">
            {ls.map((l) => (
              <button
                key={l.kind}
                type="button"
                tabIndex={-1}
                className={`kw-link kw-link-${l.kind}`}
                onClick={(e) => {
                  e.stopPropagation();
                  p.onOpen(l);
                }}
              >
                {t(`kw.link.${l.kind}` as MessageKey, { id: l.id })}
              </button>
            ))}
          </span>
        </>
      ),
    };
  });
  const simple = (rows: { key: string; keyword: string; main: string; sub?: string; code?: string }[]) =>
    rows.map<PickItem>((r) => ({
      key: r.key,
      keyword: r.keyword,
      cells: (
        <>
          <span className="kw-c-keyword">
            <Highlighted text={r.main} hint={shownHint} />
          </span>
          <span className="kw-c-sub muted">{r.sub ?? ''}</span>
          <span className="kw-c-code num muted">{r.code ?? ''}</span>
        </>
      ),
    }));
  const sections: { key: MessageKey; items: PickItem[] }[] = [
    { key: 'kw.section.contents', items: contents },
    {
      key: 'kw.section.categories',
      items: simple(
        (data?.TopCategory ?? []).map((c, i) => ({
          key: `t${i}`,
          keyword: c.CategoryName ?? c.Keyword ?? '',
          main: c.CategoryName ?? '',
          sub: c.Keyword,
          code: c.CategoryCode === undefined ? undefined : String(c.CategoryCode),
        })),
      ),
    },
    {
      key: 'kw.section.shops',
      items: simple(
        (data?.Shop ?? []).map((s, i) => ({
          key: `s${i}`,
          keyword: s.ShopName ?? s.Keyword ?? '',
          main: s.ShopName ?? '',
          sub: s.LargeCategory,
          code: s.ShopID,
        })),
      ),
    },
    {
      key: 'kw.section.mds',
      items: simple(
        (data?.MD ?? []).map((m, i) => ({
          key: `m${i}`,
          keyword: m.Keyword ?? '',
          main: m.MDName ?? '',
          sub: m.LargeCategory,
          code: m.MDID,
        })),
      ),
    },
    {
      key: 'kw.section.dlp',
      items: simple(
        (data?.DLP ?? []).map((d, i) => ({ key: `d${i}`, keyword: d.Keyword ?? '', main: d.Keyword ?? '' })),
      ),
    },
  ];
  const total = sections.reduce((n, s) => n + s.items.length, 0);
  return (
    <ResultPanel {...hintPanelProps(op, title, q, p, total)}>
      {total > 0 &&
        sections
          .filter((s) => s.items.length > 0)
          .map((s) => (
            <div key={s.key} className="kw-section">
              <h3>{t(s.key)}</h3>
              <PickList
                label={`${title} · ${t(s.key)}`}
                items={s.items}
                onPick={p.onPick}
                onOpen={p.onOpen}
                className={s.key === 'kw.section.contents' ? 'kw-contents' : 'kw-simple'}
              />
            </div>
          ))}
    </ResultPanel>
  );
}
