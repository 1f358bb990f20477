// One note, read in full. The content is buyer-written text: it is rendered as a text node with
// white-space: pre-wrap, never as HTML, so markup in a note shows as the characters the buyer typed.
import { Fragment, memo, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, Images, ListFilter, X } from 'lucide-react';
import type { InboxNote, NoteLocalMark } from '../../../src-main/contract';
import { call } from '../../api/desk';
import { useShellSlots } from '../../ui/shell-slots';
import { useI18n } from '../../i18n';
import type { MessageKey } from '../../i18n/messages';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { detailRows } from './model/note-detail-rows';
import { isPastSla } from './model/note-state';
import { AnswerOnMarket } from './AnswerOnMarket';
import { ReplyTemplatePicker } from './ReplyTemplatePicker';
import type { TimeFormat } from './time-format';
import { setLocalMark } from './use-notes';
import { TeamNotePanel } from './TeamNotePanel';
import type { TeamPane } from './model/team-status';
import { IconButton } from '../../ui/IconButton';
import { TeamNoteSection } from './TeamParts';
import { usePresence } from './use-presence';
import { NoteLinkButton } from './NoteLinkButton';

function CopyButton({ value, what, shortcut }: { value: string; what: string; shortcut?: string }) {
  const { t } = useI18n();
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const id = setTimeout(() => setDone(false), 1500);
    return () => clearTimeout(id);
  }, [done]);
  return (
    <IconButton
      label={t('inbox.copy.label', { what })}
      title={`${t('inbox.copy.label', { what })}${shortcut ? ` (${shortcut})` : ''}`}
      onClick={() => {
        void navigator.clipboard
          .writeText(value)
          .then(() => setDone(true))
          .catch(() => setDone(false));
      }}
    >
      {done ? <Check size={13} aria-hidden /> : <Copy size={13} aria-hidden />}
      {done && <span className="copied">{t('inbox.copied')}</span>}
    </IconButton>
  );
}

export type NoteScope = { buyerId: string } | { itemNo: string } | { orderNo: string };

/** "All notes of this buyer / item / order": one click narrows the list to that exact value. */
function ScopeLink({
  scope,
  label,
  onScope,
}: {
  scope: NoteScope;
  label: string;
  onScope: (s: NoteScope) => void;
}) {
  const { t } = useI18n();
  return (
    <button
      type="button"
      className="link-btn scope-link"
      aria-label={label}
      title={label}
      onClick={() => onScope(scope)}
    >
      <ListFilter size={12} aria-hidden />
      {t('inbox.detail.all')}
    </button>
  );
}

function useLookbookItems(sellerId: string) {
  return useQuery({
    queryKey: ['notes.lookbookItems', sellerId],
    queryFn: ({ signal }) => call('notes.lookbookItems', { sellerId }, signal),
    staleTime: 10 * 60_000,
    enabled: sellerId !== '',
  });
}

function LocalMarks({
  note,
  mark,
  team,
}: {
  note: InboxNote;
  mark: NoteLocalMark | undefined;
  /** Team mode: the memos are the thread's (TeamNotePanel), not this one memo. */
  team?: boolean;
}) {
  const { t } = useI18n();
  const qc = useQueryClient();
  const [memo, setMemo] = useState(mark?.memo ?? '');
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<unknown>();

  const save = async (patch: { handled?: boolean; memo?: string }) => {
    try {
      const next = await call('notes.local.set', { seqNo: note.seqNo, ...patch });
      setLocalMark(qc, note.seqNo, next);
      setSaved(true);
      setError(undefined);
    } catch (err) {
      setError(err);
    }
  };

  return (
    <section className="local-marks" aria-labelledby="local-marks-title">
      <h3 id="local-marks-title">{t(team ? 'inbox.team.mark.title' : 'inbox.local.title')}</h3>
      <label className="check" title={`${t('inbox.local.handled')} (h)`}>
        <input
          type="checkbox"
          checked={mark?.handled ?? false}
          onChange={(e) => void save({ handled: e.target.checked })}
        />
        {t('inbox.local.handled')}
      </label>
      {!team && (
        <>
          <label htmlFor="note-memo" className="memo-label" title={`${t('inbox.local.memo')} (m)`}>
            {t('inbox.local.memo')}
            {saved && <span className="saved">· {t('inbox.local.saved')}</span>}
          </label>
          <textarea
            id="note-memo"
            value={memo}
            rows={3}
            maxLength={4000}
            onChange={(e) => {
              setMemo(e.target.value);
              setSaved(false);
            }}
            onBlur={() => {
              if (memo !== (mark?.memo ?? '')) void save({ memo });
            }}
          />
        </>
      )}
      {error !== undefined && <ErrorPanel compact error={error} />}
    </section>
  );
}

/** Memoized: filtering does not change the open note. */
export const NoteDetail = memo(function NoteDetail(props: {
  note: InboxNote | undefined;
  mark: NoteLocalMark | undefined;
  time: TimeFormat;
  now: number;
  slaHours: number;
  onScope: (scope: NoteScope) => void;
  onClose: () => void;
  /** Team mode: the thread, history and statuses (absent for a single desktop). */
  team?: TeamPane | undefined;
}) {
  const { t } = useI18n();
  const { navigate } = useShellSlots();
  const { note, time } = props;
  const lookbook = useLookbookItems(note?.sellerId ?? '');
  // Team mode: this desktop is viewing the open note, for the others' list and pane.
  usePresence(note?.seqNo, 'viewing');
  if (!note) {
    return (
      <aside className="note-detail empty" aria-label={t('inbox.detail.label')}>
        <p className="muted">{t('inbox.detail.empty')}</p>
      </aside>
    );
  }
  const inLookbook = lookbook.data?.itemNos.includes(note.itemNo) ?? false;
  const waiting = note.replyStatus === 'NoReply';
  const handled = waiting && props.mark?.handled === true;
  const late = !handled && isPastSla(note, props.now, props.slaHours);
  return (
    <aside
      className="note-detail"
      aria-label={t('inbox.detail.label')}
      data-seqno={note.seqNo}
      tabIndex={-1}
      id="note-detail"
    >
      <header className="detail-head">
        {/* In a narrow window the pane lies over the list: this closes it (so does Esc on the list). */}
        <IconButton className="detail-close" label={t('inbox.detail.close')} onClick={props.onClose}>
          <X size={14} aria-hidden />
        </IconButton>
        <div className="detail-tags">
          <span className={`badge ${waiting && !handled ? 'badge-noreply' : 'badge-neutral'}`}>
            {t(handled ? 'inbox.status.Handled' : `inbox.status.${note.replyStatus}`)}
          </span>
          <span className="badge badge-neutral">{t(`inbox.type.${note.queryType}` as MessageKey)}</span>
          {late && <span className="sla-badge">{t('inbox.sla.past')}</span>}
        </div>
        <h2 className="detail-title">{note.title}</h2>
        <NoteLinkButton seqNo={note.seqNo} />
      </header>
      <TeamNoteSection seqNo={note.seqNo} />
      <dl className="detail-fields">
        <dt>{t('inbox.detail.seqNo')}</dt>
        <dd className="num">{note.seqNo}</dd>
        <dt>{t('inbox.col.buyer')}</dt>
        <dd>
          <span data-testid="detail-buyer">{note.buyerId}</span>
          <CopyButton value={note.buyerId} what={t('inbox.col.buyer')} />
          <ScopeLink
            scope={{ buyerId: note.buyerId }}
            label={t('inbox.detail.allOfBuyer')}
            onScope={props.onScope}
          />
        </dd>
        <dt>{t('inbox.detail.seller')}</dt>
        <dd>{note.sellerId}</dd>
        <dt>{t('inbox.col.item')}</dt>
        <dd>
          <span className="detail-item">{note.itemName}</span>{' '}
          <span className="num muted">{note.itemNo}</span>
          <CopyButton value={note.itemNo} what={t('inbox.itemNo')} />
          <ScopeLink
            scope={{ itemNo: note.itemNo }}
            label={t('inbox.detail.allOfItem')}
            onScope={props.onScope}
          />
          {inLookbook && (
            <button
              type="button"
              className="btn btn-small"
              onClick={() => navigate('lookbook', { sellerId: note.sellerId, itemNo: note.itemNo })}
            >
              <Images size={13} aria-hidden />
              {t('inbox.openLookbook')}
            </button>
          )}
        </dd>
        <dt>{t('inbox.col.order')}</dt>
        <dd>
          {note.orderNo ? (
            <>
              <span className="num">{note.orderNo}</span>
              <CopyButton value={note.orderNo} what={t('inbox.orderNo')} shortcut="c" />
              <ScopeLink
                scope={{ orderNo: note.orderNo }}
                label={t('inbox.detail.allOfOrder')}
                onScope={props.onScope}
              />
            </>
          ) : (
            <span className="muted">{t('inbox.detail.noOrder')}</span>
          )}
        </dd>
        <dt>{t('inbox.detail.received')}</dt>
        <dd className="num">
          {time.absolute(note.at)} <span className="muted">· {time.relative(note.at)}</span>
        </dd>
        {waiting && (
          <>
            <dt>{t('inbox.detail.waiting')}</dt>
            <dd className={late ? 'num late' : 'num'}>{time.duration(props.now - note.at)}</dd>
          </>
        )}
        {detailRows(note).map((row) => (
          <Fragment key={row.key}>
            <dt>{t(row.label as MessageKey)}</dt>
            <dd data-field={row.key}>{'text' in row.value ? row.value.text : time.absolute(row.value.at)}</dd>
          </Fragment>
        ))}
      </dl>
      <div className="note-content" data-testid="note-content">
        {note.content}
      </div>
      <AnswerOnMarket note={note} />
      <ReplyTemplatePicker note={note} />
      {/* Keyed by note: another note starts from its own saved memo, never from this draft. */}
      <LocalMarks key={note.seqNo} note={note} mark={props.mark} team={props.team !== undefined} />
      {props.team && (
        <TeamNotePanel team={props.team} note={note} mark={props.mark} now={props.now} time={time} />
      )}
    </aside>
  );
});
