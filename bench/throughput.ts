// (d) Sandbox throughput against a node-soap server from the same WSDL: BuyerNoteList pages of 100,
// keep-alive, several concurrent connections, one load generator for both, rounds interleaved.
//
// Three processes: the server under test, the other server (idle while not measured), and the load generator
// (bench/throughput-load.ts). Where taskset can pin them, the servers run on one core and the generator on
// another, so the generator never takes CPU from the server it measures. Capacity is requests served per
// CPU-second of the server process, read by the server itself (process.cpuUsage over IPC: user + system, all
// threads): what a request costs the server, whatever rate one generator core manages to drive.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import { DEFAULT_NAMESPACES } from '../src-main/schema';
import type { ServiceNamespaces } from '../src-main/schema';
import { readEnvelope } from '../src-main/soap/envelope-read';
import { buildRequest } from '../src-main/soap/envelope-write';
import { decodeResponse } from '../src-main/soap/result-read';
import { parseXml } from '../src-main/soap/xml-read';
import { median } from './stats';
import type { LoadJob, LoadResult } from './throughput-load';

const SERVERS = { sandbox: 'bench/servers/sandbox.ts', 'node-soap': 'bench/servers/node-soap.ts' } as const;
type ServerName = keyof typeof SERVERS;

export interface ThroughputRow {
  server: ServerName;
  /** Median over rounds of requests served per CPU-second of the server process: its capacity. */
  requestsPerCpuSecond: number;
  /** Median over rounds of requests per wall-clock second that one load-generator core drove. */
  requestsPerSec: number;
  /** Median share of one core the server used while loaded (1 = saturated). */
  serverCpuBusy: number;
  /** Bytes of one answer. */
  responseBytes: number;
  failed: number;
}

export interface ThroughputResult {
  rows: ThroughputRow[];
  /** Sandbox ÷ node-soap in requests per server CPU-second (the target's figure). */
  cpuRatio: number;
  /** Sandbox ÷ node-soap in requests/s. */
  ratio: number;
  /** The cores the servers and the generator were pinned to, or undefined when they could not be. */
  pinned?: { server: number; load: number };
  concurrency: number;
  durationMs: number;
  rounds: number;
}

/** The CPUs this process may run on, from taskset; undefined where taskset is missing (not Linux, say). */
function allowedCpus(): number[] | undefined {
  const r = spawnSync('taskset', ['-cp', String(process.pid)], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return undefined;
  const list = /list:\s*([\d,\s-]+)$/m.exec(r.stdout)?.[1];
  if (!list) return undefined;
  const out: number[] = [];
  for (const part of list.split(',')) {
    const [a, b] = part.trim().split('-').map(Number) as [number, number | undefined];
    for (let c = a; c <= (b ?? a); c++) out.push(c);
  }
  return out;
}

function pinning(): { server: number; load: number } | undefined {
  const allowed = allowedCpus();
  if (!allowed || allowed.length < 2 || cpus().length < 2) return undefined;
  return { server: allowed[0]!, load: allowed[1]! };
}

function spawnNode(script: string, core: number | undefined): ChildProcess {
  const args = ['--import', 'tsx', script];
  const opts = {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'] as ('ignore' | 'pipe' | 'inherit' | 'ipc')[],
    env: { ...process.env },
  };
  // taskset execs node in place: same pid, same IPC channel.
  return core === undefined
    ? spawn(process.execPath, args, opts)
    : spawn('taskset', ['-c', String(core), process.execPath, ...args], opts);
}

/** Sends `message` and resolves with the child's next message. */
function ask<T>(child: ChildProcess, message: unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`benchmark child exited with ${code}`));
    child.once('exit', onExit);
    child.once('message', (m) => {
      child.off('exit', onExit);
      resolve(m as T);
    });
    child.send(message as never);
  });
}

interface Started {
  child: ChildProcess;
  info: {
    baseUrl: string;
    tickets?: { auth: string; encrypted: string; member: string };
    ns?: ServiceNamespaces;
  };
}

async function startServer(script: string, core: number | undefined): Promise<Started> {
  const child = spawnNode(script, core);
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { child, info: JSON.parse(line) };
}

const cpuMicros = async (child: ChildProcess) => (await ask<{ cpuMicros: number }>(child, 'cpu')).cpuMicros;

export async function benchThroughput(
  concurrency = 8,
  durationMs = 2000,
  rounds = 7,
  warmupMs = 1500,
): Promise<ThroughputResult> {
  const pinned = pinning();
  const children: ChildProcess[] = [];
  try {
    const servers = {} as Record<ServerName, Started>;
    for (const name of Object.keys(SERVERS) as ServerName[]) {
      servers[name] = await startServer(SERVERS[name], pinned?.server);
      children.push(servers[name].child);
    }
    const loader = spawnNode('bench/throughput-load.ts', pinned?.load);
    children.push(loader);
    const { tickets, ns } = servers.sandbox.info;
    const pageSize = 100;
    const req = {
      StartDate: '2026-07-01T00:00:00+09:00',
      EndDate: '2026-11-20T23:59:59+09:00',
      ReplyStatus: 'All' as const,
      Pagination: { PageIndex: 2, PageSize: pageSize },
    };
    // The same request bytes to both (node-soap ignores the tickets).
    const built = buildRequest('BuyerNoteList', req, {
      version: '1.1',
      ns: ns!,
      tickets: {
        authTicket: tickets!.auth,
        encryptedTicket: tickets!.encrypted,
        memberTicket: tickets!.member,
      },
    });
    const names = Object.keys(SERVERS) as ServerName[];
    const samples = Object.fromEntries(
      names.map((n) => [
        n,
        { rps: [] as number[], perCpu: [] as number[], busy: [] as number[], bytes: 0, failed: 0 },
      ]),
    ) as Record<
      ServerName,
      { rps: number[]; perCpu: number[]; busy: number[]; bytes: number; failed: number }
    >;
    const pages: Partial<Record<ServerName, string>> = {};

    for (let r = 0; r < rounds + 1; r++) {
      // Alternate which server goes first, so neither always follows the other's load.
      for (const name of r % 2 === 0 ? names : [...names].reverse()) {
        const { child, info } = servers[name];
        const job: LoadJob = {
          url: `${info.baseUrl}/APIv1/MarketService.asmx`,
          headers: built.headers,
          body: built.xml,
          concurrency,
          durationMs: r === 0 ? warmupMs : durationMs,
          marker: 'SendNote',
        };
        const before = await cpuMicros(child);
        const result = await ask<LoadResult>(loader, job);
        const cpuSeconds = ((await cpuMicros(child)) - before) / 1e6;
        // The first answer of every round, decoded in full: the page both servers must serve.
        if (!result.sample) throw new Error(`${name} gave no good answer in round ${r}`);
        const page = decodeResponse(
          'BuyerNoteList',
          readEnvelope(parseXml(result.sample)).payload!,
          ns ?? DEFAULT_NAMESPACES,
        );
        if (page?.SendNote?.length !== pageSize) {
          throw new Error(`${name} answered ${page?.SendNote?.length ?? 0} notes, not ${pageSize}`);
        }
        const json = JSON.stringify(page);
        if ((pages[name] ??= json) !== json) throw new Error(`${name} answered another page in round ${r}`);
        if (r === 0) continue;
        const s = samples[name];
        s.rps.push(result.done / (result.wallMs / 1000));
        s.perCpu.push(result.done / cpuSeconds);
        s.busy.push(cpuSeconds / (result.wallMs / 1000));
        s.bytes = Buffer.byteLength(result.sample);
        s.failed += result.failed;
      }
    }
    if (pages.sandbox !== pages['node-soap']) {
      throw new Error('the two servers answered different pages');
    }

    const rows: ThroughputRow[] = names.map((server) => ({
      server,
      requestsPerCpuSecond: median(samples[server].perCpu),
      requestsPerSec: median(samples[server].rps),
      serverCpuBusy: median(samples[server].busy),
      responseBytes: samples[server].bytes,
      failed: samples[server].failed,
    }));
    const [sandboxRow, nodeSoapRow] = rows as [ThroughputRow, ThroughputRow];
    return {
      rows,
      cpuRatio: sandboxRow.requestsPerCpuSecond / nodeSoapRow.requestsPerCpuSecond,
      ratio: sandboxRow.requestsPerSec / nodeSoapRow.requestsPerSec,
      ...(pinned ? { pinned } : {}),
      concurrency,
      durationMs,
      rounds,
    };
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}
