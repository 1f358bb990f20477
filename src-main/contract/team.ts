// Working as a team in the inbox (team mode only): who has which note (담당자) and who else is at a note (viewing
// it, or answering: its answer page or a memo open). The host answers from the team database (take, assign,
// presence, the check before answering) and from the desktop's local copy (who has which note, what waits for me).
// A profile without a team database answers NOT_FOUND on every channel; the inbox asks nothing of them then.
// Merged in ./index.ts.

/** Where a desktop is at a note: reading it, or answering it (its answer page opened, or a memo being written). */
export type TeamPresenceState = 'viewing' | 'answering';

/** Another desktop at a note of this connection (this desktop's own heartbeat is never listed). */
export interface TeamPresenceEntry {
  seqNo: number;
  login: string;
  state: TeamPresenceState;
  /** The same login as this desktop's (the member's other desktop). */
  sameLogin: boolean;
  /** epoch ms (the team database's clock): since when it has been in this state at this note. */
  since: number;
}

/** Pushed when the set of other desktops at this connection's notes changes (a desktop came, left, or vanished). */
export interface TeamPresenceEvent {
  profileId: string;
  entries: TeamPresenceEntry[];
}

export interface TeamAssigneesResult {
  /** This desktop's login in the team database. */
  me: string;
  /** Who has which note, by SeqNo (as the local copy holds it: the pull brings every change). */
  assignees: Record<string, string>;
}

export interface TeamMembersResult {
  me: string;
  /** The team's current members' logins, in order. */
  members: string[];
}

/** A take: done, or refused because `assignee` has the note (the refusal names them). */
export interface TeamTakeResult {
  taken: boolean;
  /** Who has the note now (this desktop's login when taken). */
  assignee: string;
}

export interface TeamAssignRequest {
  seqNo: number;
  /** A current member's login; null: nobody. */
  to: string | null;
  /** The assignee as this desktop last saw it (null: nobody): a compare-and-set. */
  expected: string | null;
}

export interface TeamAssignResult {
  /** false: the assignee had changed meanwhile (nothing written); `assignee` is who has it now. */
  done: boolean;
  assignee: string | null;
}

export interface TeamAnswerCheck {
  /** Others answering the note now. */
  othersAnswering: { login: string; sameLogin: boolean }[];
  /** The marketplace's answer is in (as the team's last sync saw it). */
  answered: boolean;
  /** Marked handled meanwhile. */
  handled: boolean;
}

export interface TeamContract {
  /** Who has which note, from the local copy, and this desktop's login. */
  'team.assignees': { req: undefined; res: TeamAssigneesResult };
  /** The team's current members (the assign menu). */
  'team.members': { req: undefined; res: TeamMembersResult };
  /** Takes the note for this desktop's login; refused (taken: false) when another member has it. */
  'team.take': { req: { seqNo: number }; res: TeamTakeResult };
  /** Assigns the note to a member (or nobody) if its assignee is still the one this desktop saw. */
  'team.assign': { req: TeamAssignRequest; res: TeamAssignResult };
  /** This desktop is at the note: sent when it opens or changes state, then every few seconds while it stays. */
  'team.heartbeat': { req: { seqNo: number; state: TeamPresenceState }; res: undefined };
  /** This desktop left the note it was at. */
  'team.leave': { req: undefined; res: undefined };
  /** The other desktops at this connection's notes now (then `team.presence` events as it changes). */
  'team.presence': { req: undefined; res: { entries: TeamPresenceEntry[] } };
  /** Before the answer page opens: marks this desktop answering, says who else is and whether it was answered. */
  'team.beforeAnswering': { req: { seqNo: number }; res: TeamAnswerCheck };
  /** What waits for an answer and is assigned to me, in the whole copy (the sidebar's badge, when chosen so). */
  'team.waitingMine': {
    req: { lateBeforeMs: number; nowMs?: number };
    res: { waiting: number; late: number };
  };
}

export const TEAM_CHANNELS = [
  'team.assignees',
  'team.members',
  'team.take',
  'team.assign',
  'team.heartbeat',
  'team.leave',
  'team.presence',
  'team.beforeAnswering',
  'team.waitingMine',
] as const satisfies readonly (keyof TeamContract)[];
