// The load generator of (d), in a process of its own (pinned to its own core when the benchmark can pin), so
// it neither shares an event loop nor competes unfairly for a core with the server it measures. One job per
// IPC message: POST the same request body over keep-alive connections, one request in flight on each, for a
// fixed time. Each answer is checked on its raw bytes (HTTP 200 and the marker element present), never
// decoded to text, so the generator spends little per response; the first answer is sent back whole for the
// parent to decode and check in full.
import { Agent, request } from 'undici';

export interface LoadJob {
  url: string;
  headers: Record<string, string>;
  body: string;
  concurrency: number;
  durationMs: number;
  /** Text every good answer contains (an element name). */
  marker: string;
}

export interface LoadResult {
  done: number;
  failed: number;
  wallMs: number;
  bytes: number;
  /** The first good answer, for the parent's full check. */
  sample?: string;
}

async function run(job: LoadJob): Promise<LoadResult> {
  const body = Buffer.from(job.body, 'utf8');
  const marker = Buffer.from(job.marker, 'utf8');
  const dispatcher = new Agent({ connections: job.concurrency, pipelining: 1, keepAliveTimeout: 30_000 });
  let done = 0;
  let failed = 0;
  let bytes = 0;
  let sample: Buffer | undefined;
  const start = performance.now();
  const until = start + job.durationMs;
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      while (performance.now() < until) {
        try {
          const res = await request(job.url, { method: 'POST', headers: job.headers, body, dispatcher });
          const answer = Buffer.from(await res.body.arrayBuffer());
          bytes += answer.length;
          if (res.statusCode === 200 && answer.includes(marker)) {
            done++;
            sample ??= answer;
          } else failed++;
        } catch {
          failed++;
        }
      }
    }),
  );
  const wallMs = performance.now() - start;
  await dispatcher.close();
  return { done, failed, wallMs, bytes, ...(sample ? { sample: sample.toString('utf8') } : {}) };
}

process.on('message', (job: LoadJob) => {
  void run(job).then((result) => process.send!(result));
});
process.on('disconnect', () => process.exit(0));
