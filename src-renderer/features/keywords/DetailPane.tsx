// The drill-down of a brand (GetBrandPlusItems), a book keyword (GetBook) or a catalog keyword (GetCatalog).
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SuggestBookItemDto, SuggestItemDto } from '../../../src-main/contract';
import { useI18n } from '../../i18n';
import type { MessageKey } from '../../i18n/messages';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { CatalogTree } from './CatalogTree';
import type { Detail } from './model/detail';
import { useBook, useBrandItems, useCatalog, useSuggestBase } from './suggest-queries';
import { formatWon } from '../../format/money';
import { formatNumber } from '../../format/numbers';
import { dateText, imageUrl } from './model/suggest-values';
import { IconButton } from '../../ui/IconButton';

const present = <T,>(list: (T | null)[] | undefined): T[] => (list ?? []).filter((x): x is T => x !== null);

function Price({ item }: { item: SuggestItemDto }) {
  const { t, lang } = useI18n();
  const discounted = item.DiscountPrice !== undefined && item.DiscountPrice !== item.Price;
  return (
    <div className="kw-price num">
      {item.DiscountRate !== undefined && item.DiscountRate > 0 && (
        <span className="kw-rate">{t('kw.item.discount', { rate: item.DiscountRate })}</span>
      )}
      <strong>{formatWon((discounted ? item.DiscountPrice : item.Price) ?? '', lang).text}</strong>
      {discounted && item.Price !== undefined && <s className="muted">{formatWon(item.Price, lang).text}</s>}
    </div>
  );
}

function Flags({ item }: { item: SuggestItemDto }) {
  const { t } = useI18n();
  return (
    <div className="kw-flags">
      {item.IsAdult && <span className="badge kw-adult">{t('kw.item.adult')}</span>}
      {item.IsFreeOfCharge && <span className="badge badge-neutral">{t('kw.item.freeShipping')}</span>}
      {item.Category !== undefined && <span className="muted">{item.Category}</span>}
    </div>
  );
}

function ItemCard({ item, base }: { item: SuggestItemDto; base: string | undefined }) {
  const src = imageUrl(item.FixImage100 ?? item.FixImage80, base);
  return (
    <li className="kw-card" data-item-no={item.ItemNo}>
      {src ? (
        <img src={src} alt="" width={64} height={64} className={item.IsAdult ? 'kw-img adult' : 'kw-img'} />
      ) : (
        <span className="kw-img" />
      )}
      <div className="kw-card-body">
        <div className="kw-card-name" title={item.ItemName}>
          {item.ItemName ?? item.ItemNo}
        </div>
        <Price item={item} />
        <Flags item={item} />
        <div className="muted num kw-card-no">{item.ItemNo}</div>
      </div>
    </li>
  );
}

function BrandItems({ id }: { id: number }) {
  const q = useBrandItems(id);
  const base = useSuggestBase();
  const items = present(q.data?.SuggestItemT);
  return (
    <Body query={q} count={items.length}>
      <ul className="kw-cards">
        {items.map((item, i) => (
          <ItemCard key={`${i}:${item.ItemNo ?? ''}`} item={item} base={base} />
        ))}
      </ul>
    </Body>
  );
}

function Book({ id }: { id: string }) {
  const { t, lang } = useI18n();
  const q = useBook(id);
  const base = useSuggestBase();
  const books = present<SuggestBookItemDto>(q.data?.SuggestBookItemT);
  return (
    <Body query={q} count={books.length}>
      {books.map((b, i) => {
        const src = imageUrl(b.FixImage100 ?? b.FixImage80, base);
        const rows: [MessageKey, string | undefined][] = [
          ['kw.book.isbn', b.ISBN],
          ['kw.book.author', b.Author],
          ['kw.book.publisher', b.Publisher],
          ['kw.book.published', b.ProductionDate === undefined ? undefined : dateText(b.ProductionDate)],
          ['kw.book.lowest', b.LowestPrice === undefined ? undefined : formatWon(b.LowestPrice, lang).text],
          ['kw.book.cash', b.BookCash === undefined ? undefined : formatNumber(b.BookCash, lang)],
        ];
        return (
          <article key={`${i}:${b.ItemNo ?? ''}`} className="kw-book">
            <div className="kw-book-head">
              {src ? (
                <img src={src} alt="" width={64} height={64} className="kw-img" />
              ) : (
                <span className="kw-img" />
              )}
              <div>
                <div className="kw-card-name">{b.ItemName ?? b.ItemNo}</div>
                <Price item={b} />
                <Flags item={b} />
              </div>
            </div>
            <dl className="kw-dl">
              {rows
                .filter(([, v]) => v !== undefined)
                .map(([k, v]) => (
                  <div key={k}>
                    <dt>{t(k)}</dt>
                    <dd className="num">{v}</dd>
                  </div>
                ))}
            </dl>
            {b.Review !== undefined && <p className="kw-review">{b.Review}</p>}
          </article>
        );
      })}
    </Body>
  );
}

function Catalog({ id }: { id: string }) {
  const q = useCatalog(id);
  const roots = present(q.data?.SuggestOSCatalogT);
  return (
    <Body query={q} count={roots.length}>
      <CatalogTree key={id} roots={roots} />
    </Body>
  );
}

function Body({
  query,
  count,
  children,
}: {
  query: { isPending: boolean; isFetching: boolean; error: unknown; refetch: () => unknown };
  count: number;
  children: ReactNode;
}) {
  const { t } = useI18n();
  if (query.error) return <ErrorPanel error={query.error} onRetry={() => void query.refetch()} compact />;
  if (query.isPending) return <p className="kw-none">{t('kw.panel.loading')}</p>;
  if (count === 0) return <p className="kw-none">{t('kw.detail.none')}</p>;
  return <>{children}</>;
}

export function DetailPane({ detail, onClose }: { detail: Detail | undefined; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <section
      className="kw-side-panel kw-detail"
      aria-labelledby="kw-detail-title"
      data-detail={detail?.kind ?? ''}
    >
      <header className="kw-panel-head">
        <h2 id="kw-detail-title">
          {detail ? t(`kw.detail.${detail.kind}`, { id: detail.id }) : t('kw.detail.title')}
        </h2>
        {detail?.label !== undefined && <span className="muted kw-detail-label">{detail.label}</span>}
        {detail && (
          <IconButton className="kw-panel-close" label={t('kw.detail.close')} onClick={onClose}>
            <X size={14} aria-hidden />
          </IconButton>
        )}
      </header>
      <div className="kw-detail-body">
        {!detail && <p className="kw-none">{t('kw.detail.empty')}</p>}
        {detail?.kind === 'brand' && <BrandItems id={detail.id} />}
        {detail?.kind === 'book' && <Book id={detail.id} />}
        {detail?.kind === 'catalog' && <Catalog id={detail.id} />}
      </div>
    </section>
  );
}
