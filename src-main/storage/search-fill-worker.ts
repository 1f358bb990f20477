// The search text fill's worker (search-fill.ts): its own writable connection to one mirror, filling a batch per
// transaction until no fill is due, then it ends. Main's writes wait for a batch at most (the busy timeout), its
// reads never (WAL). A 'stop' from main ends it between two batches.
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { registerInsightsFunctions } from './insights-rollup';
import type { SearchFillMessage } from './search-fill';
import { fillSearchBatch, searchFillLeft } from './search-fill';

const { file, batch } = workerData as { file: string; batch: number };
/** As long as the app's own connections wait for another's write. */
const BUSY_TIMEOUT_MS = 15_000;

let stopped = false;
parentPort?.on('message', (m) => {
  if (m === 'stop') stopped = true;
});

const db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS });
// An UPDATE of notes compiles the insights rollup's triggers, which call these.
registerInsightsFunctions(db);
const total = searchFillLeft(db);
let done = 0;
const post = (m: SearchFillMessage) => parentPort?.postMessage(m);

/** One batch, then the next on a later turn (so a 'stop' is read in between). */
function step(): void {
  if (stopped) {
    db.close();
    parentPort?.close();
    return;
  }
  const looked = fillSearchBatch(db, batch);
  done = Math.min(total, done + looked);
  if (looked < batch) {
    db.close();
    post({ kind: 'progress', done: total, total });
    post({ kind: 'done' });
    parentPort?.close();
    return;
  }
  post({ kind: 'progress', done, total });
  setImmediate(step);
}

step();
