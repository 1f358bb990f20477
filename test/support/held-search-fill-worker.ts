// The app's search text fill worker held after each batch it reports while a gate is shut: it posts the batch's
// progress, then waits until the test opens the gate (an Int32Array over shared memory set to 1), as a fill of a
// large mirror would still be running after its first batches. Otherwise it is the app's own worker
// (storage/search-fill-worker.ts).
import { parentPort, workerData } from 'node:worker_threads';

const gate = new Int32Array(workerData.gate as SharedArrayBuffer);
const port = parentPort!;
const post = port.postMessage.bind(port);
port.postMessage = ((message: unknown) => {
  post(message);
  if ((message as { kind?: string }).kind === 'progress') Atomics.wait(gate, 0, 0);
}) as typeof port.postMessage;
await import('../../src-main/storage/search-fill-worker');
