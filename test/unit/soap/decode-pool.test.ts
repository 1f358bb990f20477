// Responses decoded off the main thread: the same results and the same typed errors as decoding in place, a
// main thread that keeps answering while a large or hostile body is read, and a decoder that survives a
// response too big for its heap.
import { spawnSync } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NAMESPACES } from '../../../src-main/schema';
import { createBackend, recentNotes } from '../../../src-main/sandbox/backend';
import { createResponseDecoder, WORKER_READY } from '../../../src-main/soap/decode-pool';
import { buildFault, buildResponse } from '../../../src-main/sandbox/response-write';
import {
  BadValueError,
  SoapFaultError,
  XmlMalformedError,
  XmlSecurityError,
} from '../../../src-main/soap/errors';
import { decodeOperationResponse } from '../../../src-main/soap/response-decode';
import type { ResponseDecodeRequest } from '../../../src-main/soap/response-decode';

const notes = recentNotes(
  createBackend({ seed: 42, now: new Date('2026-11-20T09:00:00+09:00'), notes: 20_000 }),
);
const TICKET = 'ENC-echo-ticket-1234';

function notesResponse(n: number): Buffer {
  return Buffer.from(
    buildResponse(
      'BuyerNoteList',
      { SendNote: notes.slice(0, n) },
      { version: '1.1', ns: DEFAULT_NAMESPACES, encryptedTicket: 'ENC-next' },
    ),
  );
}

function request(body: Uint8Array, status = 200): ResponseDecodeRequest<'BuyerNoteList'> {
  return {
    op: 'BuyerNoteList',
    status,
    contentType: 'text/xml; charset=utf-8',
    body,
    ns: DEFAULT_NAMESPACES,
    secrets: [TICKET],
  };
}

const decoder = createResponseDecoder({ minWorkerBytes: 256, workers: 1 });
afterAll(() => decoder.close());

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('resolved');
}

describe('the response decoder', () => {
  it('gives in the worker exactly what decoding in place gives, and the rotated ticket', async () => {
    const before = decoder.stats.worker;
    for (const n of [1, 500, 5000]) {
      const bytes = notesResponse(n);
      const expected = decodeOperationResponse(request(Buffer.from(bytes)));
      const got = await decoder.decode(request(bytes));
      expect(got).toEqual(expected);
      expect(got.encryptedTicket).toBe('ENC-next');
      expect(got.data?.SendNote).toHaveLength(n);
    }
    expect(decoder.stats.worker - before).toBe(3);
  });

  it('starts its worker when warmed, before any response asks for it, and only once', async () => {
    // A worker script that only says it started: each start appends a line.
    const dir = mkdtempSync(join(tmpdir(), 'decode-warm-'));
    const marker = join(dir, 'started');
    const workerFile = join(dir, 'worker.cjs');
    writeFileSync(workerFile, `require('node:fs').appendFileSync(${JSON.stringify(marker)}, 'up\\n');`);
    const started = () => (existsSync(marker) ? readFileSync(marker, 'utf8').split('\n').length - 1 : 0);
    const cold = createResponseDecoder({ workerFile, workers: 1 });
    const warmed = createResponseDecoder({ workerFile, workers: 1 });
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(started()).toBe(0);
      void warmed.warm();
      void warmed.warm();
      await vi.waitFor(() => expect(started()).toBe(1), { timeout: 10_000 });
      await new Promise((r) => setTimeout(r, 300));
      expect(started()).toBe(1);
    } finally {
      await cold.close();
      await warmed.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('settles a warm-up once the worker has loaded its code, and also when the worker cannot start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'decode-ready-'));
    const marker = join(dir, 'log');
    // A worker that takes a while to load, then says so as the real one does.
    const slow = join(dir, 'slow.cjs');
    writeFileSync(
      slow,
      `const fs = require('node:fs');
       setTimeout(() => {
         fs.appendFileSync(${JSON.stringify(marker)}, 'loaded');
         require('node:worker_threads').parentPort.postMessage(${JSON.stringify(WORKER_READY)});
       }, 300);`,
    );
    const broken = join(dir, 'broken.cjs');
    writeFileSync(broken, `throw new Error('no code here');`);
    const a = createResponseDecoder({ workerFile: slow, workers: 1 });
    const b = createResponseDecoder({ workerFile: broken, workers: 1 });
    try {
      await a.warm();
      expect(existsSync(marker) && readFileSync(marker, 'utf8')).toBe('loaded');
      await b.warm();
    } finally {
      await a.close();
      await b.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has the real worker say it has loaded', async () => {
    const real = createResponseDecoder({ workers: 1 });
    try {
      await real.warm();
      // Warm: the first large response goes to the loaded worker.
      const got = await real.decode(request(notesResponse(400)));
      expect(got.data?.SendNote).toHaveLength(400);
      expect(real.stats.worker).toBe(1);
    } finally {
      await real.close();
    }
  });

  it('decodes a small body in place', async () => {
    const small = createResponseDecoder({ workers: 1 });
    const got = await small.decode(request(notesResponse(1)));
    expect(got.data?.SendNote).toHaveLength(1);
    expect(small.stats).toEqual({ worker: 0, inPlace: 1 });
    await small.close();
  });

  it('brings typed errors back as their own class, fields included, and redacted', async () => {
    const fault = Buffer.from(
      buildFault('1.1', { code: 'Client', reason: `Ticket ${TICKET} was refused ${'.'.repeat(2000)}` }),
    );
    const faultErr = await rejection(decoder.decode(request(fault, 500)));
    expect(faultErr).toBeInstanceOf(SoapFaultError);
    expect((faultErr as SoapFaultError).deskCode).toBe('AUTH_FAILED');
    expect((faultErr as SoapFaultError).fault.code).toBe('Client');
    expect((faultErr as SoapFaultError).message).not.toContain(TICKET);

    const broken = Buffer.concat([notesResponse(100).subarray(0, 4000), Buffer.from(`<${TICKET}>`)]);
    const malformed = await rejection(decoder.decode(request(broken)));
    expect(malformed).toBeInstanceOf(XmlMalformedError);
    expect((malformed as XmlMalformedError).detail).not.toContain(TICKET);
    expect((malformed as Error).stack).toContain('worker');

    const badValue = Buffer.from(
      notesResponse(50)
        .toString()
        .replace(/SeqNo="\d+"/, `SeqNo="${TICKET}"`),
    );
    const value = await rejection(decoder.decode(request(badValue)));
    expect(value).toBeInstanceOf(BadValueError);
    expect(`${(value as BadValueError).message} ${(value as BadValueError).detail}`).not.toContain(TICKET);
  });

  it('keeps the main thread answering while a large hostile body is read', async () => {
    // Prefixed attributes on one element, with the caps raised: a few hundred milliseconds of reading.
    const attrs: string[] = [];
    for (let i = 0; i < 400_000; i++) attrs.push(` a:x${i}="${i}"`);
    const body = Buffer.from(
      `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><r xmlns:a="urn:a"${attrs.join('')}/></soap:Body></soap:Envelope>`,
    );
    const req = { ...request(body), limits: { maxAttributes: 1_000_000 } };
    const inPlace = performance.now();
    await rejection(
      Promise.resolve().then(() => decodeOperationResponse({ ...req, body: Buffer.from(body) })),
    );
    const readMs = performance.now() - inPlace;

    const delay = monitorEventLoopDelay({ resolution: 5 });
    const ticks = setInterval(() => {}, 1);
    delay.enable();
    const err = await rejection(decoder.decode(req));
    delay.disable();
    clearInterval(ticks);
    expect(err).toBeInstanceOf(BadValueError);
    const longestBlockMs = delay.max / 1e6;
    // Reading it in place blocks for all of readMs; through the worker the main thread stays free.
    expect(readMs).toBeGreaterThan(100);
    expect(longestBlockMs).toBeLessThan(readMs / 4);
  });

  it('refuses a response too big for its heap with a typed error, then decodes the next one', async () => {
    const tight = createResponseDecoder({ minWorkerBytes: 1024, workers: 1, maxHeapMb: 24 });
    const huge = Buffer.from(
      `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${'<a x="1234567"/>'.repeat(1_500_000)}</soap:Body></soap:Envelope>`,
    );
    const err = await rejection(tight.decode({ ...request(huge), limits: { maxElements: 10_000_000 } }));
    expect(err).toBeInstanceOf(XmlSecurityError);
    expect((err as XmlSecurityError).kind).toBe('size');
    const next = await tight.decode(request(notesResponse(500)));
    expect(next.data?.SendNote).toHaveLength(500);
    await tight.close();
  });

  // A command-line run ends when its work is done: a warmed worker that was never given a body (every response
  // small enough to read in place) must not hold the process open, nor one that has finished its last job.
  it.each([
    ['warmed and never used', '', 'idle'],
    [
      'after its last job',
      `await d.decode({ op: 'BuyerNoteList', status: 200, contentType: 'text/xml; charset=utf-8', ns: ${JSON.stringify(DEFAULT_NAMESPACES)}, secrets: [], body: new TextEncoder().encode(${JSON.stringify(notesResponse(5).toString())}) }).then((r) => process.stdout.write(r.data.SendNote.length + ' notes, '));`,
      '5 notes, idle',
    ],
  ])(
    'lets the process exit when idle: %s',
    (_, use, printed) => {
      const pool = pathToFileURL(resolve('src-main/soap/decode-pool.ts')).href;
      const script = `
      const { createResponseDecoder } = await import(${JSON.stringify(pool)});
      const d = createResponseDecoder({ minWorkerBytes: 16, workers: 1 });
      await d.warm();
      ${use}
      process.stdout.write('idle');
    `;
      const dir = mkdtempSync(join(tmpdir(), 'decoder-exit-'));
      const file = join(dir, 'run.mjs');
      writeFileSync(file, script);
      const child = spawnSync(process.execPath, ['--import', 'tsx', file], {
        encoding: 'utf8',
        timeout: 20_000,
      });
      rmSync(dir, { recursive: true, force: true });
      expect(child.stderr + child.stdout).toBe(printed);
      // Killed by the timeout, it has no exit status.
      expect(child.signal).toBeNull();
      expect(child.status).toBe(0);
    },
    30_000,
  );
});
