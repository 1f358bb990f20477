// The active profile's notes mirror, and a sync of it: the one path both the `notes.sync` channel and main's auto
// refresh (auto-refresh.ts) take, so the two share one connection, one mirror and the one sync coordinator.
import type { EventName, Events, NotesSyncRequest } from '../contract';
import { activeMirrorChoice, createNotesMirror } from '../services/notes-mirror';
import type { ActiveMirror } from '../services/notes-mirror';
import { syncNotes, WAITING_LOOKBACK_DAYS } from '../services/notes-sync';
import type { SyncOutcome } from '../services/notes-sync';
import { HostError } from './dispatch';
import type { HostDeps } from './host-deps';

type Emit = <E extends EventName>(event: E, payload: Events[E]) => void;

/** The active profile's mirror, opened (the notes-mirror service chooses it). */
async function activeMirror(
  deps: Pick<HostDeps, 'connection' | 'settings' | 'mirrors'>,
): Promise<ActiveMirror> {
  return createNotesMirror(deps.mirrors).open(await activeMirrorChoice(deps));
}

/**
 * Syncs the active mirror through the coordinator (a request a running sync covers attaches to it; anything else
 * waits for it), on the host's clock; new waiting notes are announced as `notes.arrived` to every caller attached.
 */
export async function syncActiveMirror(
  deps: Pick<HostDeps, 'connection' | 'settings' | 'mirrors' | 'syncs' | 'now' | 'teams'>,
  req: NotesSyncRequest,
  emit: Emit,
  opts: { signal?: AbortSignal; auto?: boolean } = {},
): Promise<{ mirror: ActiveMirror; outcome: SyncOutcome }> {
  const m = await activeMirror(deps);
  // Team mode: only the caller calls the marketplace; anyone else's Refresh asks it to (an auto refresh does not:
  // the caller's own covers the team).
  const team = await deps.teams?.active();
  if (team && !team.isCaller()) {
    const startedAt = deps.now();
    if (!opts.auto) await team.requestSync(req, opts.signal);
    return { mirror: m, outcome: nothingCalled(startedAt, deps.now()) };
  }
  const store = team ? team.callerStore() : m.store;
  // The caller's sync stops the moment its lock is lost (another desktop may take it and call).
  const lockLost = team?.callerSignal();
  // A live connection's EncryptedTicket is the team's: the sealed one goes first, each new one is sealed.
  const teamTickets = await team?.callerTickets();
  const { info } = m.active;
  const client = teamTickets ? m.active.teamClient(teamTickets) : m.active.client;
  const unknown = (req.sellerIds ?? []).filter((s) => !info.sellerIds.includes(s));
  if (unknown.length > 0) {
    throw new HostError(
      'INVALID_ARGUMENT',
      `Seller ID ${unknown.join(', ')} does not belong to this connection.`,
    );
  }
  const outcome = await deps.syncs.run(m.store.file, req, emit, async (run) => {
    const signal = lockLost ? AbortSignal.any([run.signal, lockLost]) : run.signal;
    const result = await syncNotes(req, {
      client,
      store,
      sellerIds: info.sellerIds,
      pageIndexBase: info.pageIndexBase,
      statusWindowDays: m.active.profile.noteQueryDays || undefined,
      waitingLookbackDays: WAITING_LOOKBACK_DAYS,
      signal,
      onProgress: (p) => run.emit('notes.progress', p),
      now: deps.now,
    });
    if (lockLost?.aborted) throw lockLost.reason;
    if (result.arrivedNoReply.length > 0) {
      run.emit('notes.arrived', { count: result.arrivedNoReply.length, seqNos: result.arrivedNoReply });
    }
    return result;
  });
  return { mirror: m, outcome };
}

/** What a desktop that is not its team's caller reports for a sync: nothing called, nothing written here. */
function nothingCalled(startedAt: number, finishedAt: number): SyncOutcome {
  return {
    fetched: 0,
    added: 0,
    days: 0,
    daysDone: 0,
    notesSaved: 0,
    slices: 0,
    failedSlices: [],
    cancelled: false,
    startedAt,
    finishedAt,
    calls: 0,
    statusCheck: { done: false, calls: 0, waiting: 0, refetchedDays: 0, changed: 0, withdrawn: 0 },
    arrivedNoReply: [],
  };
}
