// What the inbox says about the mirror itself: that the sandbox's notes are samples, files that could not be
// read, marks from elsewhere offered for carry-over; and, under the filters, what the store holds outside the
// period.
import { memo, useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import type {
  CarryOverOffer,
  MirrorAccessReason,
  NotesMirrorNotice,
  NotesMirrorStatus,
  NotesWaitingOutsideResult,
} from '../../../src-main/contract';
import { call } from '../../api/desk';
import { useI18n } from '../../i18n';
import type { MessageKey } from '../../i18n/messages';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { hasLookups } from './model/filters';
import type { InboxFilters, ResolvedRange } from './model/filters';
import { NOTES_ROOT } from '../../api/queries';
import { MAX_SYNC_DAYS, addDays, clampPeriod, marketDayOf } from '../../../src-shared/market-day';
import { storeTextPatterns } from '../../../src-shared/note-search';
import { Banner } from '../../ui/Banner';

function noticeKey(n: NotesMirrorNotice): MessageKey {
  if (n.kind === 'cache-reset') return 'inbox.notice.cacheReset';
  if (n.kind === 'local-reset') return 'inbox.notice.localReset';
  if (n.kind === 'legacy-deleted') return 'inbox.notice.legacyDeleted';
  if (n.kind === 'mirror-inaccessible') return 'inbox.notice.mirrorInaccessible';
  return n.kind === 'mirror-newer' || n.reason === 'newer-version'
    ? 'inbox.notice.mirrorNewer'
    : 'inbox.notice.mirrorReset';
}

/** What is wrong with the path of a mirror the OS refuses, in the seller's words. */
const ACCESS_TEXT: Record<MirrorAccessReason, MessageKey> = {
  permission: 'inbox.notice.access.permission',
  'read-only': 'inbox.notice.access.readOnly',
  'not-a-file': 'inbox.notice.access.notAFile',
  'not-a-folder': 'inbox.notice.access.notAFolder',
};

function noticeText(n: NotesMirrorNotice, t: ReturnType<typeof useI18n>['t']): string {
  if (n.kind !== 'mirror-inaccessible') return t(noticeKey(n), { file: n.file });
  const reason = ACCESS_TEXT[n.reason as MirrorAccessReason] ?? ACCESS_TEXT.permission;
  return t('inbox.notice.mirrorInaccessible', { path: n.file, problem: t(reason) });
}

const OFFER_TEXT: Record<CarryOverOffer['kind'], MessageKey> = {
  'endpoint-changed': 'inbox.offer.endpointChanged',
  'profile-removed': 'inbox.offer.profileRemoved',
  imported: 'inbox.offer.imported',
  recovered: 'inbox.offer.recovered',
  interim: 'inbox.offer.interim',
};

export function MirrorBanners({ status }: { status: NotesMirrorStatus | undefined }) {
  const { t } = useI18n();
  const qc = useQueryClient();
  const [imported, setImported] = useState<number | undefined>();
  const refresh = () => qc.invalidateQueries({ queryKey: NOTES_ROOT });
  const dismiss = useMutation({
    mutationFn: (id: number) => call('notes.dismissNotice', { id }),
    onSettled: refresh,
  });
  const carry = useMutation({
    mutationFn: (r: { source: string; action: 'import' | 'discard' }) => call('notes.carryOver', r),
    onSuccess: (r, vars) => setImported(vars.action === 'import' ? r.imported : undefined),
    onSettled: refresh,
  });
  if (!status) return null;
  return (
    <>
      {status.sample && (
        <Banner tone="sample" role="note" data-testid="sample-banner">
          <FlaskConical size={14} aria-hidden />
          <span>{t('inbox.sample')}</span>
        </Banner>
      )}
      {status.notices.map((n) => (
        <Banner key={n.id} tone="warn" role="alert" data-testid="mirror-notice">
          <span>{noticeText(n, t)}</span>
          <button
            type="button"
            className="btn btn-small"
            onClick={() => dismiss.mutate(n.id)}
            disabled={dismiss.isPending}
          >
            {t('common.dismiss')}
          </button>
        </Banner>
      ))}
      {status.offers.map((o) => (
        <Banner key={o.source} tone="offer" role="region" aria-label={t('inbox.offer.label')}>
          <span>
            {t(OFFER_TEXT[o.kind], {
              name: o.profileName ?? '',
              endpoint: o.endpoint ?? '',
              file: o.file ?? '',
              handled: o.handled,
              memos: o.memos,
            })}
          </span>
          <button
            type="button"
            className="btn btn-small"
            disabled={carry.isPending}
            onClick={() => carry.mutate({ source: o.source, action: 'import' })}
          >
            {t('inbox.offer.import')}
          </button>
          <button
            type="button"
            className="btn btn-small"
            disabled={carry.isPending}
            onClick={() => carry.mutate({ source: o.source, action: 'discard' })}
          >
            {t('inbox.offer.discard')}
          </button>
        </Banner>
      ))}
      {imported !== undefined && (
        <Banner role="status" data-testid="offer-imported">
          {t('inbox.offer.done', { count: imported })}
        </Banner>
      )}
      {carry.isError && <ErrorPanel compact error={carry.error} />}
      {dismiss.isError && <ErrorPanel compact error={dismiss.error} />}
    </>
  );
}

const WIDER_DAYS = 90;

/**
 * The period that shows every held note of a scope (buyer, item, order): from the day its oldest note came in (or
 * the period's start, if earlier) to today, as long as a period may be (MAX_SYNC_DAYS: it keeps today).
 */
function scopePeriod(oldestAt: number | undefined, range: ResolvedRange, today: string): Wider {
  const oldest = oldestAt === undefined ? range.start : marketDayOf(oldestAt);
  const from = oldest < range.start ? oldest : range.start;
  return { ...clampPeriod(from, today < range.end ? range.end : today, MAX_SYNC_DAYS), whole: true };
}

/** A period wider than the one on screen; `whole` when it holds every note of a scope the mirror has. */
export interface Wider {
  start: string;
  end: string;
  whole: boolean;
}

/**
 * Under narrowing filters (item, order, buyer, seller, search): how many more notes the store holds for them than
 * the period shows, with a button that widens the period to show them: for a scope (this buyer, item or order) every
 * note of it the mirror holds, otherwise the last 90 days; and, when some of the matches are notes the marketplace
 * no longer lists, that they are kept but left out.
 */
// Memoized on what it asks about: a chip changes the rows, not this question.
const OutsidePeriodHint = memo(function OutsidePeriodHint({
  search,
  itemNo,
  orderNo,
  buyerId,
  sellerId,
  range,
  empty,
  onWiden,
}: Pick<InboxFilters, 'search' | 'itemNo' | 'orderNo' | 'buyerId' | 'sellerId'> & {
  range: ResolvedRange;
  /** The list shows nothing: what is outside the period is then all there is. */
  empty: boolean;
  onWiden: (to: Wider) => void;
}) {
  const { t } = useI18n();
  // The store answers a search the way the box does (src-shared/note-search.ts), except for a syllable still
  // being typed: that one is not asked about rather than answered differently.
  const text = storeTextPatterns(search) ? search.trim() : '';
  const criteria = {
    ...(itemNo.trim() ? { itemNo: itemNo.trim() } : {}),
    ...(/^\d{1,19}$/.test(orderNo.trim()) ? { orderNo: orderNo.trim() } : {}),
    ...(buyerId ? { buyerId } : {}),
    ...(sellerId ? { sellerId } : {}),
    ...(text ? { text } : {}),
  };
  const [asked, setAsked] = useState<typeof criteria | undefined>();
  const key = JSON.stringify(criteria);
  // Asked once the seller stops typing.
  useEffect(() => {
    const id = setTimeout(() => setAsked(Object.keys(criteria).length > 0 ? criteria : undefined), 300);
    return () => clearTimeout(id);
  }, [key]); // eslint-disable-line react-hooks/exhaustive-deps
  const hint = useQuery({
    queryKey: [...NOTES_ROOT, 'outside', asked, range.start, range.end],
    enabled: asked !== undefined,
    queryFn: async ({ signal }) => {
      const q = asked!;
      const [inPeriod, found] = await Promise.all([
        call('notes.count', { start: range.start, end: range.end, ...q }, signal),
        call('notes.lookup', { ...q, limit: 1, totalUpTo: 1 }, signal),
      ]);
      const scoped = q.itemNo !== undefined || q.orderNo !== undefined || q.buyerId !== undefined;
      const today = marketDayOf(Date.now());
      const last90 = addDays(range.end, -(WIDER_DAYS - 1));
      const to: Wider = scoped
        ? scopePeriod(found.oldestAt, range, today)
        : { start: last90, end: range.end, whole: false };
      const widens = to.start < range.start || to.end > range.end;
      const wide = widens
        ? await call('notes.count', { start: to.start, end: to.end, ...q }, signal)
        : undefined;
      return { more: wide ? wide.total - inPeriod.total : 0, withdrawn: found.withdrawn, to };
    },
    staleTime: 10_000,
  });
  if (!asked || !hint.data) return null;
  const { more, withdrawn, to } = hint.data;
  if (more <= 0 && withdrawn === 0) return null;
  const say = to.whole
    ? t(empty ? 'inbox.outside.heldOnlyThere' : 'inbox.outside.heldMore', { count: more })
    : t(empty ? 'inbox.outside.onlyThere' : 'inbox.outside.more', { count: more, days: WIDER_DAYS });
  return (
    <div className="outside-hint" role="status" data-testid="outside-hint">
      {more > 0 && (
        <>
          <span>{say}</span>
          <button type="button" className="btn btn-small" onClick={() => onWiden(to)}>
            {t(to.whole ? 'inbox.outside.showHeld' : 'inbox.outside.widen')}
          </button>
        </>
      )}
      {withdrawn > 0 && <span className="muted">{t('inbox.outside.withdrawn', { count: withdrawn })}</span>}
    </div>
  );
});

/**
 * Notes waiting for an answer outside the period on screen (older than it, or newer than a past period): how
 * many, how many past the SLA, how long the oldest has waited, and one button that shows them all, the longest
 * wait first. The sidebar's count includes them; this says where they are.
 */
const WaitingOutsideHint = memo(function WaitingOutsideHint({
  outside,
  oldestWaited,
  onShow,
}: {
  outside: NotesWaitingOutsideResult | undefined;
  /** How long the oldest has waited, in the inbox's wording. */
  oldestWaited: (oldestAt: number) => string;
  onShow: (oldestAt: number) => void;
}) {
  const { t } = useI18n();
  if (!outside || outside.waiting === 0 || outside.oldestAt === undefined) return null;
  const oldestAt = outside.oldestAt;
  return (
    <div className="outside-hint" role="status" data-testid="waiting-outside">
      <span>
        {t('inbox.waitingOutside', {
          count: outside.waiting,
          late: outside.late,
          oldest: oldestWaited(oldestAt),
        })}
      </span>
      <button type="button" className="btn btn-small" onClick={() => onShow(oldestAt)}>
        {t('inbox.waitingOutside.show')}
      </button>
    </div>
  );
});

/**
 * The hints under the filters: what waits outside the period (unless a lookup narrows the list to one buyer,
 * item or order), and what the store holds for the filters outside it.
 */
export function InboxHints({
  filters: f,
  range,
  empty,
  outside,
  oldestWaited,
  onShowAllWaiting,
  onWiden,
}: {
  filters: InboxFilters;
  range: ResolvedRange;
  empty: boolean;
  outside: NotesWaitingOutsideResult | undefined;
  oldestWaited: (oldestAt: number) => string;
  onShowAllWaiting: (oldestAt: number) => void;
  onWiden: (to: Wider) => void;
}) {
  return (
    <>
      {!hasLookups(f) && (
        <WaitingOutsideHint outside={outside} oldestWaited={oldestWaited} onShow={onShowAllWaiting} />
      )}
      <OutsidePeriodHint
        search={f.search}
        itemNo={f.itemNo}
        orderNo={f.orderNo}
        buyerId={f.buyerId}
        sellerId={f.sellerId}
        range={range}
        empty={empty}
        onWiden={onWiden}
      />
    </>
  );
}
