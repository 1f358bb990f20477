// The app's search text fill worker held at a gate: it starts filling only once the test opens the gate (an
// Int32Array over shared memory set to 1), as a fill of a large mirror would still be running. Then it is the
// app's own worker (storage/search-fill-worker.ts).
import { workerData } from 'node:worker_threads';

const gate = new Int32Array(workerData.gate as SharedArrayBuffer);
Atomics.wait(gate, 0, 0);
await import('../../src-main/storage/search-fill-worker');
