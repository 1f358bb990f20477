// What the shell shows of the active profile's notes mirror, whatever page is open: the sidebar's count of what
// waits for an answer, the status bar's last sync, and a desktop notification for new waiting notes. Main refreshes
// the mirror on Settings' interval (src-main/host/auto-refresh.ts) and says so; the shell reads the mirror again.
// Every query is keyed by the active profile, so a profile switch shows the new profile's mirror at once.
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, getDesk } from '../api/desk';
import { useSettingsValue } from '../api/settings';
import { rereadNotes } from '../api/queries';
import { useMirrorStatus, useNow, waitingKey } from '../features/inbox/use-notes';
import { useNavCount } from '../ui/shell-slots';

/** Main refreshed the notes: every answer of the mirror on screen is read again (the inbox's list included). */
export function useNotesRefreshed() {
  const qc = useQueryClient();
  useEffect(() => getDesk().on('notes.refreshed', () => void rereadNotes(qc)), [qc]);
}

/**
 * The sidebar's count: every note of the active profile's mirror that waits for an answer (not marked handled),
 * whatever the inbox filters; 'alert' when one is past the SLA; a lower bound ("71+") while the last sync left
 * days unreceived. Read again after each sync and mark, and each minute the SLA line moves. In team mode, when the
 * seller ticked "mine only" in the inbox (saved with its filters), only the waiting notes assigned to them.
 * Answers whether the profile is in team mode.
 */
export function useWaitingBadge(profileId: string | undefined, slaHours: number | undefined): boolean {
  const now = useNow(30_000);
  const lateBeforeMs = Math.floor((now - (slaHours ?? 0) * 3_600_000) / 60_000) * 60_000;
  // The minute of now: changes with lateBeforeMs (whole SLA hours), so the query's key needs no more.
  const nowMs = Math.floor(now / 60_000) * 60_000;
  const status = useMirrorStatus(profileId ?? '', profileId !== undefined).data;
  const team = status?.team !== undefined;
  const mine = useSettingsValue((s) => s.inbox.filters['teamBadgeMine'] === true) === true && team;
  const waiting = useQuery({
    queryKey: mine
      ? [...waitingKey(profileId ?? '', lateBeforeMs), 'mine']
      : waitingKey(profileId ?? '', lateBeforeMs),
    enabled: profileId !== undefined && slaHours !== undefined,
    queryFn: ({ signal }) =>
      mine
        ? call('team.waitingMine', { lateBeforeMs, nowMs }, signal)
        : call('notes.waiting', { lateBeforeMs, nowMs }, signal),
    // While the next minute's answer comes, the last one of the same profile stands (no flicker).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === profileId ? previous : undefined,
  }).data;
  const partial = status?.lastSync?.partial;
  useNavCount(
    'inbox',
    waiting && {
      value: waiting.waiting,
      tone: waiting.late > 0 ? 'alert' : 'neutral',
      partial: partial !== undefined,
    },
  );
  return team;
}

/**
 * When the active profile's mirror was last synced through: undefined when never, 'loading' while asked,
 * 'unknown' when the mirror could not be read.
 */
export function useLastSync(profileId: string | undefined): number | undefined | 'loading' | 'unknown' {
  const status = useMirrorStatus(profileId ?? '', profileId !== undefined);
  if (status.isError) return 'unknown';
  if (status.isPending) return 'loading';
  return status.data.asOf;
}

/**
 * A desktop notification for new NoReply notes, only when the seller has granted it: the app never asks on its
 * own (Electron's session refuses permission prompts). Clicking it opens the first new note.
 */
export function useArrivalNotifications(title: (count: number) => string, open: (seqNo: number) => void) {
  const latest = useRef({ title, open });
  useEffect(() => {
    latest.current = { title, open };
  });
  useEffect(
    () =>
      getDesk().on('notes.arrived', ({ count, seqNos }) => {
        if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
        const n = new Notification(latest.current.title(count), { tag: 'seller-desk-notes' });
        n.onclick = () => {
          window.focus();
          if (seqNos[0] !== undefined) latest.current.open(seqNos[0]);
        };
      }),
    [],
  );
}
