// This desktop's presence at a note, told to the team: one heartbeat row per desktop, so every part of the page that
// is at a note (the note pane: viewing; the answer page opened, or a memo being written: answering) claims it here,
// and one beat speaks for them all (model/team-view.ts `desktopPresence`). The beat is sent when the claim changes
// and every HEARTBEAT_MS (5 s) while it stands; when nothing claims a note any more, the desktop leaves. A window that
// dies just stops beating: the team database forgets it 15 s after its last beat. Calls go one after another, so a
// leave never overtakes the next note's first beat.
import { useEffect } from 'react';
import type { TeamPresenceState } from '../../../src-main/contract';
import { call } from '../../api/desk';
import { desktopPresence } from './model/team-view';
import type { PresenceClaim } from './model/team-view';
import { useTeamInbox } from './use-team';

/** How often a desktop beats while it stays at a note (the team database forgets a heartbeat after 15 s). */
const HEARTBEAT_MS = 5_000;

const claims = new Map<number, PresenceClaim>();
let nextId = 0;
let told: PresenceClaim | undefined;
let timer: ReturnType<typeof setInterval> | undefined;
let queued = false;
let calls: Promise<unknown> = Promise.resolve();

const send = (work: () => Promise<unknown>): void => {
  calls = calls.then(work).catch(() => undefined);
};

function tell(): void {
  queued = false;
  const want = desktopPresence([...claims.values()]);
  if (want?.seqNo === told?.seqNo && want?.state === told?.state) return;
  told = want;
  if (timer) clearInterval(timer);
  timer = undefined;
  if (!want) return send(() => call('team.leave', undefined));
  const beat = () => send(() => call('team.heartbeat', want));
  beat();
  timer = setInterval(beat, HEARTBEAT_MS);
}

/** Whatever changes within one render's effects (a note left, the next one opened) is told once, after them. */
function schedule(): void {
  if (queued) return;
  queued = true;
  queueMicrotask(tell);
}

/** Tells the team again at once what this desktop is at (after a check that marked it answering was cancelled). */
export function retellPresence(): void {
  told = undefined;
  schedule();
}

/**
 * Tells the team this desktop is at `seqNo` (`viewing` it, or `answering`: its answer page or a memo open) while the
 * calling component is mounted and `active`; does nothing outside team mode or without a note.
 */
export function usePresence(seqNo: number | undefined, state: TeamPresenceState, active = true): void {
  const team = useTeamInbox() !== undefined;
  useEffect(() => {
    if (!team || !active || seqNo === undefined) return;
    const id = nextId++;
    claims.set(id, { seqNo, state });
    schedule();
    return () => {
      claims.delete(id);
      schedule();
    };
  }, [team, active, seqNo, state]);
}
