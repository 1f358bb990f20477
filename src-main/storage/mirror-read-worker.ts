// The mirror's read worker: answers the inbox's reads of one mirror (READ_QUERIES: the period, counts, lookups,
// what waits) and the insights page's figures off the main thread, one at a time, through its own read-only connection to the file (WAL lets it
// read beside the main thread's writer). Main sends one question at a time and may stop the worker to drop one
// that was replaced (mirror-reads.ts). A failure goes back with SQLite's codes, so main still tells damage
// (isCorruption) from other errors. A period's packed notes are deflated here (period-deflate.ts) and moved to main,
// not copied.
import { parentPort, workerData } from 'node:worker_threads';
import { openMirrorReader } from './mirror-reader';
import { deflatePeriod } from './period-deflate';
import type { MirrorReader } from './mirror-reader';
import { READ_QUERIES } from './mirror-read-queries';
import type { ReadJob, ReadReply } from './mirror-read-queries';

const { file } = workerData as { file: string };
let reader: MirrorReader | undefined;

function answer(job: ReadJob): ReadReply {
  try {
    reader ??= openMirrorReader(file);
    const ask = READ_QUERIES[job.kind] as (r: MirrorReader, q: unknown) => unknown;
    const value = ask(reader, job.req) as { packed?: unknown } | null;
    if (value && value.packed instanceof ArrayBuffer) value.packed = deflatePeriod(value.packed);
    return { id: job.id, ok: true, value };
  } catch (err) {
    const e = (err ?? {}) as Record<string, unknown>;
    return {
      id: job.id,
      ok: false,
      error: {
        name: typeof e['name'] === 'string' ? e['name'] : 'Error',
        message: err instanceof Error ? err.message : String(err),
        code: e['code'],
        errcode: e['errcode'],
        errstr: e['errstr'],
      },
    };
  }
}

/** A packed period's buffer (NotesPeriod.packed) moves to main instead of being copied, and is never read there. */
function moved(reply: ReadReply): ArrayBuffer[] {
  const value = reply.ok ? (reply.value as { packed?: unknown } | null) : null;
  return value && value.packed instanceof ArrayBuffer ? [value.packed] : [];
}

parentPort?.on('message', (job: ReadJob) => {
  const reply = answer(job);
  parentPort!.postMessage(reply, moved(reply));
});
