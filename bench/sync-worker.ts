// One sync in its own process, so its peak RSS is its own. Prints one JSON line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createSoapClient } from '../src-main/soap/client';
import { TicketRotation, createMemoryTicketSink } from '../src-main/soap/ticket-rotation';
import { createTransport } from '../src-main/soap/transport';
import { heldNotes, openMirror } from '../test/support/mirror';
import { syncNotes } from '../src-main/services/notes-sync';

const [baseUrl, concurrency, pageSize, ticketsJson, nsJson, sellersJson] = process.argv.slice(2);
const tickets = JSON.parse(ticketsJson!) as { auth: string; encrypted: string; member: string };
let pages = 0;
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
    onExchange: () => pages++,
  },
);
const dir = mkdtempSync(join(tmpdir(), 'bench-sync-'));
const mirror = openMirror(dir);
const store = mirror.store;
// The main thread's longest block during the sync: what IPC and the window would have waited for in the app.
const loop = monitorEventLoopDelay({ resolution: 1 });
const tick = setInterval(() => {}, 1);
loop.enable();
const t = performance.now();
const outcome = await syncNotes(
  { start: '2026-07-20', end: '2026-11-20', mode: 'full' },
  {
    client,
    store,
    sellerIds: JSON.parse(sellersJson!),
    pageIndexBase: 1,
    signal: new AbortController().signal,
    concurrency: Number(concurrency),
    pageSize: Number(pageSize),
  },
);
const wallMs = performance.now() - t;
loop.disable();
clearInterval(tick);
const notes = heldNotes(store).length;
mirror.close();
rmSync(dir, { recursive: true, force: true });
process.stdout.write(
  JSON.stringify({
    wallMs,
    pages,
    notes,
    failed: outcome.failedSlices.length,
    maxRssMB: process.resourceUsage().maxRSS / 1024,
    blockMs: loop.max / 1e6,
    blockP99Ms: loop.percentile(99) / 1e6,
  }) + '\n',
);
