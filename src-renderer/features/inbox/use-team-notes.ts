// Team mode's reads and writes for a note: the memo thread, the history and the team states, keyed under the
// notes root so that every `notes.refreshed` (a pull brought another desktop's memo, status or mark) asks again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { NoteLocalMark, TeamMemoThread, TeamNoteStateView } from '../../../src-main/contract';
import { call } from '../../api/desk';
import { queueMarks } from './model/team-status';
import type { TeamPane } from './model/team-status';
import { NOTES_ROOT } from '../../api/queries';

const TEAM_ROOT = [...NOTES_ROOT, 'team'] as const;
const threadKey = (seqNo: number) => [...TEAM_ROOT, 'thread', seqNo] as const;
const historyKey = (seqNo: number) => [...TEAM_ROOT, 'history', seqNo] as const;
const statesKey = (profileId: string) => [...TEAM_ROOT, 'states', profileId] as const;

export function useTeamThread(seqNo: number) {
  return useQuery({
    queryKey: threadKey(seqNo),
    queryFn: ({ signal }) => call('teamNotes.thread', { seqNo }, signal),
  });
}

export function useTeamHistory(seqNo: number, enabled: boolean) {
  return useQuery({
    queryKey: historyKey(seqNo),
    enabled,
    queryFn: ({ signal }) => call('teamNotes.history', { seqNo }, signal),
  });
}

/**
 * Team mode's part of the page: the marks the queue counts by (a snoozed note, until the clock passes its end, or
 * one needing no reply is out of it) and what the note pane needs; a single-desktop profile's marks unchanged.
 */
export function useTeamQueue(
  input: { profileId: string; timeZone: string; team: boolean; now: number },
  local: Readonly<Record<string, NoteLocalMark>>,
): { local: Readonly<Record<string, NoteLocalMark>>; pane: TeamPane | undefined } {
  const { profileId, timeZone, team, now } = input;
  const states = useTeamStates(profileId, team);
  const queue = useMemo(() => queueMarks(local, states, now), [local, states, now]);
  const pane = useMemo(
    () => (team ? { profileId, timeZone, states } : undefined),
    [team, profileId, timeZone, states],
  );
  return { local: queue, pane };
}

/** Every note's team state in the local copy; nothing for a single-desktop profile. */
function useTeamStates(profileId: string, team: boolean): readonly TeamNoteStateView[] | undefined {
  return useQuery({
    queryKey: statesKey(profileId),
    enabled: team,
    queryFn: ({ signal }) => call('teamNotes.states', undefined, signal),
    select: (r) => r.states,
  }).data;
}

/** After a write: the thread as the host answered it, and the history and states asked again. */
export function useTeamWrites() {
  const qc = useQueryClient();
  return {
    thread(next: TeamMemoThread) {
      qc.setQueryData(threadKey(next.seqNo), next);
      void qc.invalidateQueries({ queryKey: historyKey(next.seqNo) });
    },
    state(profileId: string, state: TeamNoteStateView) {
      qc.setQueryData<{ states: TeamNoteStateView[] }>(statesKey(profileId), (old) =>
        old ? { states: [...old.states.filter((s) => s.seqNo !== state.seqNo), state] } : old,
      );
      void qc.invalidateQueries({ queryKey: historyKey(state.seqNo) });
    },
  };
}
