// (f) The sandbox serving a large history: every note of the last 120 days read the way a sync reads them
// (per seller and Korean day, pages of 500, 4 requests in flight), then the question a refresh asks to settle
// reply statuses (per seller, ReplyStatus=NoReply over the whole range). The sandbox runs in a process of its
// own; its CPU time and peak RSS are its own. The reader counts SendNote elements in the raw answers.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Agent, request } from 'undici';
import { buildRequest } from '../src-main/soap/envelope-write';
import type { ServiceNamespaces } from '../src-main/schema';
import { koreanDayOf, koreanDayStart } from '../src-main/sandbox/data/dates';
import { formatDateTime } from '../src-shared/date-time';

export interface HistoryRow {
  /** `--notes`: about this many over the last 120 days. */
  notes: number;
  /** Notes the sync-like pass read. */
  served: number;
  pages: number;
  startMs: number;
  syncWallMs: number;
  syncCpuMs: number;
  /** The refresh's NoReply question: calls, the notes it returned, sandbox CPU. */
  refreshCalls: number;
  refreshNotes: number;
  refreshCpuMs: number;
  maxRssMB: number;
}

const NOW = new Date('2026-11-20T09:00:00+09:00');
const SELLERS = ['gangnam_style', 'seoul_mart', 'hongdae_closet'];
const PAGE = 500;
const IN_FLIGHT = 4;

function probe(child: ChildProcess): Promise<{ cpuMicros: number; maxRssMB: number }> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as { cpuMicros: number; maxRssMB: number }));
    child.send('cpu');
  });
}

export async function benchSandboxHistory(sizes = [100_000, 1_000_000]): Promise<HistoryRow[]> {
  const rows: HistoryRow[] = [];
  for (const notes of sizes) {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/servers/sandbox.ts'], {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      env: { ...process.env, BENCH_NOTES: String(notes) },
    });
    const line = await new Promise<string>((resolve) =>
      createInterface({ input: child.stdout! }).once('line', resolve),
    );
    const startMs = performance.now() - t0;
    const info = JSON.parse(line) as {
      baseUrl: string;
      tickets: { auth: string; encrypted: string; member: string };
      ns: ServiceNamespaces;
    };
    const dispatcher = new Agent({ connections: IN_FLIGHT, pipelining: 1 });
    const url = `${info.baseUrl}/APIv1/MarketService.asmx`;
    const tickets = {
      authTicket: info.tickets.auth,
      encryptedTicket: info.tickets.encrypted,
      memberTicket: info.tickets.member,
    };
    const marker = /<(?:\w+:)?SendNote[\s/>]/g;
    let pages = 0;
    /** Every page of one query; the number of notes it returned. */
    const readAll = async (req: Record<string, unknown>): Promise<number> => {
      let total = 0;
      for (let index = 1; ; index++) {
        const built = buildRequest(
          'BuyerNoteList',
          { ...req, Pagination: { PageIndex: index, PageSize: PAGE } },
          { version: '1.1', ns: info.ns, tickets },
        );
        const res = await request(url, {
          method: 'POST',
          headers: built.headers,
          body: built.xml,
          dispatcher,
        });
        const text = await res.body.text();
        if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${text.slice(0, 300)}`);
        pages++;
        const n = text.match(marker)?.length ?? 0;
        total += n;
        if (n < PAGE) return total;
      }
    };
    try {
      const today = koreanDayOf(NOW.getTime());
      const slices: { SellerID: string; StartDate: string; EndDate: string }[] = [];
      for (let day = today - 120; day <= today; day++) {
        for (const SellerID of SELLERS) {
          slices.push({
            SellerID,
            StartDate: formatDateTime(koreanDayStart(day)),
            EndDate: formatDateTime(koreanDayStart(day + 1) - 1000),
          });
        }
      }
      const before = await probe(child);
      const t = performance.now();
      let served = 0;
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < slices.length) {
            const n = await readAll(slices[next++]!);
            served += n;
          }
        }),
      );
      const syncWallMs = performance.now() - t;
      const afterSync = await probe(child);
      const pagesBefore = pages;
      let refreshNotes = 0;
      for (const SellerID of SELLERS) {
        refreshNotes += await readAll({
          SellerID,
          ReplyStatus: 'NoReply',
          StartDate: formatDateTime(koreanDayStart(today - 120)),
          EndDate: formatDateTime(NOW.getTime()),
        });
      }
      const afterRefresh = await probe(child);
      rows.push({
        notes,
        served,
        pages: pagesBefore,
        startMs,
        syncWallMs,
        syncCpuMs: (afterSync.cpuMicros - before.cpuMicros) / 1000,
        refreshCalls: pages - pagesBefore,
        refreshNotes,
        refreshCpuMs: (afterRefresh.cpuMicros - afterSync.cpuMicros) / 1000,
        maxRssMB: afterRefresh.maxRssMB,
      });
    } finally {
      await dispatcher.close();
      child.kill('SIGTERM');
    }
  }
  return rows;
}
