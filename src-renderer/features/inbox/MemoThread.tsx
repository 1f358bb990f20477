// Team mode: the note's memos as a thread. Each entry says who wrote it and when; the author's own entries can be
// edited and deleted (each change is in the note's history). A change made on an older version than the team
// database holds (another desktop of the same member changed it first) is refused by the host: the entry is
// reloaded as it is now and the pane says so, never overwriting the other change.
import { useState } from 'react';
import type { TeamMemoChangeResult, TeamMemoEntry } from '../../../src-main/contract';
import { call } from '../../api/desk';
import { useI18n } from '../../i18n';
import { ErrorPanel } from '../../ui/ErrorPanel';
import { MEMO_MAX_CHARS } from './model/team-status';
import type { TimeFormat } from './time-format';
import { useTeamThread, useTeamWrites } from './use-team-notes';
import { usePresence } from './use-presence';

type Notice = { kind: 'stale' | 'gone'; id: number } | undefined;

function Entry(props: {
  entry: TeamMemoEntry;
  mine: boolean;
  time: TimeFormat;
  /** A change made on `version` (an edit keeps the version it started from, whatever arrives meanwhile). */
  onChange: (change: { body: string } | 'delete', version: number) => Promise<boolean>;
}) {
  const { t } = useI18n();
  const { entry, time } = props;
  // The draft and the version it was started on: an edit that arrives meanwhile does not make it current.
  const [editing, setEditing] = useState<{ version: number } | undefined>();
  const [draft, setDraftText] = useState<string | undefined>();
  const setDraft = (text: string | undefined) => {
    setDraftText(text);
    setEditing(text === undefined ? undefined : (editing ?? { version: entry.version }));
  };
  const author = props.mine ? t('inbox.team.thread.you', { author: entry.author }) : entry.author;
  const save = async () => {
    if (draft === undefined || draft.trim() === '' || draft === entry.body) return setDraft(undefined);
    if (await props.onChange({ body: draft }, editing?.version ?? entry.version)) setDraft(undefined);
  };
  return (
    <li className="memo-entry" data-memo-id={entry.id} data-author={entry.author}>
      <div className="memo-meta">
        <span className="memo-author">{author}</span>
        <span className="muted num" title={time.absolute(entry.createdAt)}>
          {time.absolute(entry.createdAt)}
        </span>
        {entry.editedAt !== undefined && (
          <span className="muted">
            · {t('inbox.team.thread.edited', { time: time.absolute(entry.editedAt) })}
          </span>
        )}
      </div>
      {draft === undefined ? (
        <p className="memo-body">{entry.body}</p>
      ) : (
        <textarea
          className="memo-edit"
          aria-label={t('inbox.team.thread.editOf', { author: entry.author })}
          value={draft}
          rows={3}
          maxLength={MEMO_MAX_CHARS}
          autoFocus
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setDraft(undefined);
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save();
          }}
        />
      )}
      {props.mine && (
        <div className="memo-actions">
          {draft === undefined ? (
            <>
              <button
                type="button"
                className="link-btn"
                aria-label={t('inbox.team.thread.editOf', { author: entry.author })}
                onClick={() => setDraft(entry.body)}
              >
                {t('inbox.team.thread.edit')}
              </button>
              <button
                type="button"
                className="link-btn"
                aria-label={t('inbox.team.thread.deleteOf', { author: entry.author })}
                onClick={() => void props.onChange('delete', entry.version)}
              >
                {t('inbox.team.thread.delete')}
              </button>
            </>
          ) : (
            <>
              <button type="button" className="btn btn-small" onClick={() => void save()}>
                {t('inbox.team.thread.save')}
              </button>
              <button type="button" className="link-btn" onClick={() => setDraft(undefined)}>
                {t('inbox.team.thread.cancel')}
              </button>
            </>
          )}
        </div>
      )}
    </li>
  );
}

export function MemoThread({ seqNo, time }: { seqNo: number; time: TimeFormat }) {
  const { t } = useI18n();
  const thread = useTeamThread(seqNo);
  const writes = useTeamWrites();
  const [draft, setDraft] = useState('');
  // Writing a memo is answering this note, for the others' presence.
  usePresence(seqNo, 'answering', draft.trim() !== '');
  const [notice, setNotice] = useState<Notice>();
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  const add = async () => {
    if (draft.trim() === '' || busy) return;
    setBusy(true);
    try {
      writes.thread(await call('teamNotes.addMemo', { seqNo, body: draft }));
      setDraft('');
      setError(undefined);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const change = async (
    entry: TeamMemoEntry,
    what: { body: string } | 'delete',
    version: number,
  ): Promise<boolean> => {
    try {
      const base = { seqNo, id: entry.id, version };
      const result: TeamMemoChangeResult =
        what === 'delete'
          ? await call('teamNotes.deleteMemo', base)
          : await call('teamNotes.editMemo', { ...base, body: what.body });
      writes.thread(result.thread);
      setError(undefined);
      if (result.outcome === 'saved') return (setNotice(undefined), true);
      const still = result.thread.entries.some((e) => e.id === entry.id);
      setNotice({ kind: still ? 'stale' : 'gone', id: entry.id });
      return true;
    } catch (err) {
      setError(err);
      return false;
    }
  };

  const entries = thread.data?.entries ?? [];
  return (
    <section className="memo-thread" aria-labelledby="memo-thread-title" data-testid="memo-thread">
      <h3 id="memo-thread-title">{t('inbox.team.thread.title')}</h3>
      {notice && (
        <p className="memo-notice" role="alert" data-testid="memo-stale">
          {t(notice.kind === 'stale' ? 'inbox.team.thread.stale' : 'inbox.team.thread.gone')}
        </p>
      )}
      {thread.error ? <ErrorPanel compact error={thread.error} /> : null}
      {entries.length === 0 && thread.isSuccess && <p className="muted">{t('inbox.team.thread.empty')}</p>}
      <ol className="memo-entries">
        {entries.map((e) => (
          <Entry
            key={e.id}
            entry={e}
            mine={e.author === thread.data?.me}
            time={time}
            onChange={(what, version) => change(e, what, version)}
          />
        ))}
      </ol>
      {/* The `m` key focuses this field (as it does the single desktop's memo). */}
      <label htmlFor="note-memo" className="memo-label">
        {t('inbox.team.thread.new')}
      </label>
      <textarea
        id="note-memo"
        value={draft}
        rows={2}
        maxLength={MEMO_MAX_CHARS}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void add();
        }}
      />
      <div className="memo-actions">
        <button
          type="button"
          className="btn btn-small"
          disabled={busy || draft.trim() === ''}
          onClick={() => void add()}
        >
          {t('inbox.team.thread.add')}
        </button>
      </div>
      {error !== undefined && <ErrorPanel compact error={error} />}
    </section>
  );
}
