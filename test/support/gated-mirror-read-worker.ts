// The app's mirror read worker held at a gate: it starts answering only once the test opens the gate (an
// Int32Array over shared memory set to 1), as a question that runs long would hold it. Then it is the app's own
// worker (storage/mirror-read-worker.ts); questions sent meanwhile wait in its port.
import { workerData } from 'node:worker_threads';

const gate = new Int32Array(workerData.gate as SharedArrayBuffer);
Atomics.wait(gate, 0, 0);
await import('../../src-main/storage/mirror-read-worker');
