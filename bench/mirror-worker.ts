// One step of the large-seller bench in its own process, so its peak RSS and its file writes are its own.
//   sync    a full sync of the range into an empty data folder
//   refresh a refresh with nothing new, as the inbox asks for it (the last 7 days), on the folder a sync filled
// for the mirror (SQLite) or for release 0.1.0's JSON cache. Prints one JSON line. A last argument `app` makes the
// mirror's sync ask what the app's does: the notes still waiting up to WAITING_LOOKBACK_DAYS back, too.
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createSoapClient } from '../src-main/soap/client';
import { createResponseDecoder } from '../src-main/soap/decode-pool';
import { TicketRotation, createMemoryTicketSink } from '../src-main/soap/ticket-rotation';
import { createTransport } from '../src-main/soap/transport';
import { syncNotes, WAITING_LOOKBACK_DAYS } from '../src-main/services/notes-sync';
import { createMirrorRegistry, endpointFingerprint, MIRRORS_DIR } from '../src-main/storage/mirror-registry';
import type { MirrorOwner } from '../src-main/storage/notes-store';
import { addDays } from '../src-shared/market-day';
import { createNotesCache, NOTES_CACHE_FILE } from './legacy-json-cache';
import { syncNotes as legacySync } from './legacy-json-sync';

const [step, variant, baseUrl, ticketsJson, nsJson, sellersJson, dataDir, identity, start, end, asApp] =
  process.argv.slice(2);
const lookback = asApp === 'app' ? { waitingLookbackDays: WAITING_LOOKBACK_DAYS } : {};
const tickets = JSON.parse(ticketsJson!) as { auth: string; encrypted: string; member: string };
const sellerIds = JSON.parse(sellersJson!) as string[];
// The decoding worker as the app runs it: the built script (not the sources through the TypeScript loader),
// started with the connection (assembleHost's warmDecoder).
const workerFile = resolve('out/main/decode-worker.js');
if (!existsSync(workerFile))
  throw new Error('run `npm run build` first: the benchmark runs the built decode worker');
const decoder = createResponseDecoder({ workerFile });
// As in the app, where the worker starts with the host and has loaded its code while the window loads.
await decoder.warm();
let calls = 0;
const client = createSoapClient(
  { apiBaseUrl: baseUrl!, suggestBaseUrl: baseUrl!, ns: JSON.parse(nsJson!), soapVersion: '1.1' },
  {
    transport: createTransport(),
    tickets: new TicketRotation(
      createMemoryTicketSink({
        authTicket: tickets.auth,
        encryptedTicket: tickets.encrypted,
        memberTicket: tickets.member,
      }),
    ),
    decoder,
    onExchange: () => calls++,
  },
);
const signal = new AbortController().signal;
// The sandbox profile's mirror, as the app opens it for a sandbox of this identity.
const owner: MirrorOwner = {
  profileId: 'sandbox',
  profileName: 'Sandbox',
  kind: 'sandbox',
  fingerprint: endpointFingerprint({ kind: 'sandbox', identity: identity! }),
};
const req =
  step === 'sync'
    ? { start: start!, end: end!, mode: 'full' as const }
    : { start: addDays(end!, -6), end: end!, mode: 'refresh' as const };

const sizeOf = (path: string) => (existsSync(path) ? statSync(path).size : 0);
const out: Record<string, unknown> = { step, variant };

if (variant === 'mirror') {
  const registry = createMirrorRegistry({ dataDir: dataDir!, sandbox: owner });
  const t0 = performance.now();
  const store = registry.open(owner, ['sandbox']);
  const openMs = performance.now() - t0;
  // Written by this step: what reaches the write-ahead log, counted from an empty log.
  store.db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  const t = performance.now();
  const cpu = process.cpuUsage();
  const outcome = await syncNotes(req, { client, store, sellerIds, pageIndexBase: 1, signal, ...lookback });
  const wallMs = performance.now() - t;
  const used = process.cpuUsage(cpu);
  out['cpuMs'] = (used.user + used.system) / 1000;
  const { log } = store.db.prepare('PRAGMA wal_checkpoint(PASSIVE)').get() as { log: number };
  const pageSize = (store.db.prepare('PRAGMA page_size').get() as { page_size: number }).page_size;
  Object.assign(out, {
    openMs,
    wallMs,
    calls,
    notes: store.noteCount(),
    added: outcome.added,
    failed: outcome.failedSlices.length,
    statusCheck: outcome.statusCheck,
    bytesWritten: log * (pageSize + 24),
  });
  if (step === 'refresh') {
    // The app refreshes in a process that has run for a while (its code compiled, its decoding worker up):
    // the same refresh again, in this process, is that case.
    const again = performance.now();
    const cpu2 = process.cpuUsage();
    await syncNotes(req, { client, store, sellerIds, pageIndexBase: 1, signal, ...lookback });
    out['warmWallMs'] = performance.now() - again;
    const used2 = process.cpuUsage(cpu2);
    out['warmCpuMs'] = (used2.user + used2.system) / 1000;
  }
  registry.close();
  const file = join(dataDir!, MIRRORS_DIR, store.file);
  out['bytesOnDisk'] = sizeOf(file) + sizeOf(`${file}-wal`);
} else {
  const cache = createNotesCache(dataDir!);
  const t0 = performance.now();
  await cache.load();
  const openMs = performance.now() - t0;
  const t = performance.now();
  const outcome = await legacySync(req, { client, cache, sellerIds, pageIndexBase: 1, signal });
  const wallMs = performance.now() - t;
  const file = join(dataDir!, NOTES_CACHE_FILE);
  Object.assign(out, {
    openMs,
    wallMs,
    calls,
    notes: cache.snapshot().notes.length,
    added: outcome.added,
    failed: outcome.failedSlices.length,
    // That release rewrote the whole file at the end of every sync.
    bytesWritten: sizeOf(file),
    bytesOnDisk: sizeOf(file),
  });
}
out['maxRssMB'] = process.resourceUsage().maxRSS / 1024;
process.stdout.write(`${JSON.stringify(out)}\n`);
