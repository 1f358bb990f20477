// The inbox page's frame: the toolbar's filters, the banners, the facet bar and summary, the list's meta line,
// then the list and the note side by side. The page fills the slots; the frame owns their order and the
// empty and loading states of the list.
import type { ReactNode } from 'react';
import type { NotesSearchFill } from '../../../src-main/contract';
import { useI18n } from '../../i18n';

export function InboxLayout(props: {
  toolbar: ReactNode;
  banners: ReactNode;
  filters: ReactNode;
  meta: ReactNode;
  hint: ReactNode;
  list: ReactNode;
  detail: ReactNode;
}) {
  return (
    <div className="inbox">
      {props.toolbar}
      {props.banners}
      {props.filters}
      {props.meta}
      {props.hint}
      <div className="inbox-split">
        {props.list}
        {props.detail}
      </div>
    </div>
  );
}

/** The line above the list: how many notes, how many selected (with their action), as of when. */
export function ListMeta(props: {
  count: number;
  selected: number;
  onMarkHandled: () => void;
  asOf: string | undefined;
  /** Some days of the period were not received: the count is a lower bound. */
  partial?: boolean;
  /** The mirror's search index is being filled (searches are slower until it ends). */
  searchFill?: NotesSearchFill | undefined;
}) {
  const { t } = useI18n();
  const fill = props.searchFill;
  return (
    <div className="list-meta">
      <span
        aria-label={t('inbox.count.label')}
        className="num"
        data-testid="note-count"
        title={props.partial ? t('inbox.partial.title') : undefined}
      >
        {t(props.partial ? 'inbox.count.partial' : 'inbox.count', { count: props.count })}
      </span>
      {props.selected > 1 && (
        <>
          <span className="num">· {t('inbox.selected', { count: props.selected })}</span>
          <button type="button" className="btn btn-small" onClick={props.onMarkHandled}>
            {t('inbox.markHandled')}
          </button>
        </>
      )}
      <span className="spacer" />
      {fill && (
        <span
          className="muted num"
          data-testid="search-fill"
          title={t('inbox.searchFill.title', { done: fill.done, total: fill.total })}
        >
          {t('inbox.searchFill', {
            percent: fill.total > 0 ? Math.floor((fill.done * 100) / fill.total) : 0,
          })}
        </span>
      )}
      <span className="muted num" data-testid="as-of">
        {props.asOf ? t('inbox.asOf', { time: props.asOf }) : t('inbox.asOf.never')}
      </span>
    </div>
  );
}

/** No rows: because a sync is failing, because nothing was ever fetched, or because the filters leave none. */
export function EmptyList({
  failing,
  mirrorEmpty,
  narrowed,
}: {
  failing: boolean;
  mirrorEmpty: boolean;
  narrowed: boolean;
}) {
  const { t } = useI18n();
  return (
    <div className="inbox-empty" data-testid="inbox-empty">
      {failing && (mirrorEmpty || !narrowed) ? (
        <p data-testid="inbox-empty-failed">{t('inbox.empty.failed')}</p>
      ) : (
        <>
          <p>{mirrorEmpty ? t('inbox.empty.noData') : t('inbox.empty')}</p>
          {!mirrorEmpty && <p className="muted">{t('inbox.empty.hint')}</p>}
        </>
      )}
    </div>
  );
}

export function ListSkeleton() {
  return (
    <div className="note-skeleton" aria-busy="true" data-testid="inbox-loading">
      {Array.from({ length: 12 }, (_, i) => (
        <div key={i} className="skeleton-row" />
      ))}
    </div>
  );
}
