// The decode worker: reads responses off the main thread, so a large or hostile body can never stall IPC or the
// window. Messages carry the bytes (transferred, not copied) and get back the typed result or the serialized
// typed error; nothing here touches the network, the disk or the tickets beyond redacting with them.
import { parentPort } from 'node:worker_threads';
import { serializeSoapError, SoapInternalError, SoapError } from './errors';
import { decodeOperationResponse } from './response-decode';
import { WORKER_READY } from './decode-pool';
import type { DecodeJob, DecodeReply } from './decode-pool';

parentPort?.on('message', (job: DecodeJob) => {
  let reply: DecodeReply;
  try {
    const { data, encryptedTicket } = decodeOperationResponse(job.req);
    reply = { id: job.id, ok: true, data, encryptedTicket };
  } catch (err) {
    const typed =
      err instanceof SoapError
        ? err
        : new SoapInternalError(
            `The response decoder failed: ${err instanceof Error ? err.name : typeof err}`,
          );
    reply = { id: job.id, ok: false, error: serializeSoapError(typed) };
  }
  parentPort!.postMessage(reply);
});

// Loaded: a pool that warmed this worker up can tell its first job will not wait for the code.
parentPort?.postMessage(WORKER_READY);
