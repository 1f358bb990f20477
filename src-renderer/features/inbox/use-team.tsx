// Team mode in the inbox: who has which note (from the desktop's local copy, read again whenever main says the
// notes changed), the team's members, who else is at which note (main reads the team database every second and
// pushes a change: the `team.presence` event), and taking or assigning a note. None of it is asked for without a
// team database: the inbox passes `enabled` from the mirror's status (its `team` field).
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamAssigneesResult, TeamPresenceEntry } from '../../../src-main/contract';
import { call, getDesk } from '../../api/desk';
import { presenceByNote } from './model/team-view';
import type { TeamAssignees } from './model/team-view';
import { NOTES_ROOT } from '../../api/queries';
import { useMirrorStatus } from './use-notes';

/** What the inbox said last about a take or an assignment: refused, with who has the note. */
export type TeamNotice =
  { kind: 'taken'; seqNo: number; login: string } | { kind: 'changed'; seqNo: number; login: string | null };

export interface TeamInbox extends TeamAssignees {
  members: readonly string[];
  /** The others at each note (this desktop never listed), answering first. */
  presence: ReadonlyMap<number, readonly TeamPresenceEntry[]>;
  take: (seqNo: number) => Promise<void>;
  assign: (seqNo: number, to: string | null) => Promise<void>;
  notice: TeamNotice | undefined;
  error: unknown;
}

/** The inbox's team state, for the list, the pane and the answer button; undefined on a single desktop. */
const TeamContext = createContext<TeamInbox | undefined>(undefined);
export const useTeamInbox = (): TeamInbox | undefined => useContext(TeamContext);

/** Under NOTES_ROOT: a pull (notes.refreshed) or a sync reads it again. */
const assigneesKey = (profileId: string) => [...NOTES_ROOT, 'teamAssignees', profileId] as const;

function usePresenceEntries(profileId: string, enabled: boolean): TeamPresenceEntry[] {
  const [entries, setEntries] = useState<TeamPresenceEntry[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    let pushed = false;
    const off = getDesk().on('team.presence', (e) => {
      if (e.profileId !== profileId) return;
      pushed = true;
      setEntries(e.entries);
    });
    void call('team.presence', undefined)
      .then((r) => live && !pushed && setEntries(r.entries))
      .catch(() => undefined);
    return () => {
      live = false;
      off();
      setEntries([]);
    };
  }, [profileId, enabled]);
  return entries;
}

/** The team's state for the inbox of `profileId`; undefined when `enabled` is false (a single desktop). */
function useTeamData(profileId: string, enabled: boolean): TeamInbox | undefined {
  const qc = useQueryClient();
  const who = useQuery({
    queryKey: assigneesKey(profileId),
    enabled,
    queryFn: ({ signal }) => call('team.assignees', undefined, signal),
    staleTime: Infinity,
  }).data;
  const members = useQuery({
    queryKey: ['team', 'members', profileId],
    enabled,
    queryFn: ({ signal }) => call('team.members', undefined, signal),
    staleTime: 60_000,
  }).data;
  const entries = usePresenceEntries(profileId, enabled);
  const presence = useMemo(() => presenceByNote(entries), [entries]);
  const [notice, setNotice] = useState<TeamNotice | undefined>();
  const [error, setError] = useState<unknown>();

  const setAssignee = useCallback(
    (seqNo: number, login: string | null) =>
      qc.setQueryData<TeamAssigneesResult>(assigneesKey(profileId), (old) => {
        if (!old) return old;
        const assignees = { ...old.assignees };
        if (login === null) delete assignees[String(seqNo)];
        else assignees[String(seqNo)] = login;
        return { ...old, assignees };
      }),
    [qc, profileId],
  );
  const take = useCallback(
    async (seqNo: number) => {
      try {
        const r = await call('team.take', { seqNo });
        setAssignee(seqNo, r.assignee);
        setNotice(r.taken ? undefined : { kind: 'taken', seqNo, login: r.assignee });
        setError(undefined);
      } catch (err) {
        setError(err);
      }
    },
    [setAssignee],
  );
  const assign = useCallback(
    async (seqNo: number, to: string | null) => {
      const expected = who?.assignees[String(seqNo)] ?? null;
      try {
        const r = await call('team.assign', { seqNo, to, expected });
        setAssignee(seqNo, r.assignee);
        setNotice(r.done ? undefined : { kind: 'changed', seqNo, login: r.assignee });
        setError(undefined);
      } catch (err) {
        setError(err);
      }
    },
    [setAssignee, who],
  );
  return useMemo(
    () =>
      enabled && who
        ? {
            me: who.me,
            assignees: who.assignees,
            members: members?.members ?? [who.me],
            presence,
            take,
            assign,
            notice,
            error,
          }
        : undefined,
    [enabled, who, members, presence, take, assign, notice, error],
  );
}

/** Who has which note (the views'), kept the same object while it does not change. */
export function useTeamWho(team: TeamInbox | undefined): TeamAssignees | undefined {
  const { me, assignees } = team ?? {};
  return useMemo(() => (me && assignees ? { me, assignees } : undefined), [me, assignees]);
}

/** Gives the inbox below it its team state: the profile's, when its mirror's status says it has a team database. */
export function TeamProvider({ profileId, children }: { profileId: string; children: ReactNode }) {
  const enabled = useMirrorStatus(profileId).data?.team !== undefined;
  return <TeamContext value={useTeamData(profileId, enabled)}>{children}</TeamContext>;
}
