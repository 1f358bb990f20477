// The decode worker: reads responses off the main thread, so a large or hostile body can never stall IPC or the
// window. Messages carry the bytes (transferred, not copied) and get back the typed result or the serialized
// typed error; nothing here touches the network, the disk or the tickets beyond redacting with them.
import { parentPort } from 'node:worker_threads';
import { serializeSoapError, SoapInternalError, SoapError } from './errors';
import { decodeOperationResponse, ticketsIssuedWith } from './response-decode';
import { WORKER_READY } from './decode-pool';
import type { DecodeJob, DecodeReply } from './decode-pool';
import { SecretSet, secretList } from './secret-set';

// The connections' tickets, kept from job to job: a job's list differs from the last of its connection by a
// ticket or two. One set per connection seen lately (the one sharing most of a sample of the list).
const SETS = 4;
const sets: SecretSet[] = [];

function setFor(list: readonly string[]): SecretSet {
  const step = Math.max(1, Math.floor(list.length / 8));
  let best: SecretSet | undefined;
  let bestHits = 0;
  for (const set of sets) {
    let hits = 0;
    for (let i = 0; i < list.length; i += step) if (set.has(list[i]!)) hits++;
    if (hits > bestHits) [best, bestHits] = [set, hits];
  }
  if (!best) {
    best = new SecretSet();
    if (sets.length >= SETS) sets.shift();
  } else sets.splice(sets.indexOf(best), 1);
  sets.push(best);
  return best.syncTo(list);
}

parentPort?.on('message', (job: DecodeJob) => {
  let reply: DecodeReply;
  try {
    const req = { ...job.req, secrets: setFor(secretList(job.req.secrets)) };
    const { data, encryptedTicket, issued } = decodeOperationResponse(req);
    reply = { id: job.id, ok: true, data, encryptedTicket, issued };
  } catch (err) {
    const typed =
      err instanceof SoapError
        ? err
        : new SoapInternalError(
            `The response decoder failed: ${err instanceof Error ? err.name : typeof err}`,
          );
    reply = { id: job.id, ok: false, error: serializeSoapError(typed), issued: ticketsIssuedWith(err) };
  }
  parentPort!.postMessage(reply);
});

// Loaded: a pool that warmed this worker up can tell its first job will not wait for the code.
parentPort?.postMessage(WORKER_READY);
