// Hostile arguments on every IPC channel: whatever the renderer sends, the dispatcher answers promptly with a
// well-formed envelope, and a refusal is a typed error, never INTERNAL, a throw or a hang.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANNELS, ERROR_CODES } from '../../../src-main/contract';
import type { Envelope } from '../../../src-main/contract';
import { createHandlers, requestSchemas } from '../../../src-main/host/create-handlers';
import { createDispatcher } from '../../../src-main/host/dispatch';
import { createTestDeps } from '../../support/host-deps';

const deps = createTestDeps();
const saved: string[] = [];
const dispatcher = createDispatcher(
  createHandlers({
    ...deps,
    saveFile: async (name) => {
      saved.push(name);
      return undefined;
    },
    // A hostile file picked for import: not a template file.
    openFile: async () => ({ data: new TextEncoder().encode('{"__proto__": {"polluted": true}}') }),
  }),
  requestSchemas,
  () => {},
);
afterAll(() => deps.close());

const LIVENESS_MS = 10_000;

function nested(depth: number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? [v] : { start: v, end: v };
  return v;
}

/** Values that broke, or could break, a handler: runaway dates, prototype keys, sizes, odd numbers. */
const HOSTILE_SCALARS: unknown[] = [
  '9999-12-31',
  '0000-01-01',
  '1900-01-01',
  '2026-02-30',
  '2026-11-20',
  'x',
  '',
  ' ',
  '__proto__',
  'constructor',
  'toString',
  'prototype',
  '../../etc/passwd',
  '\u0000',
  '\uD800',
  '9'.repeat(400),
  'ㄱ'.repeat(100_000),
  -0,
  0,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  null,
  undefined,
  [],
  {},
  new Array(200_000).fill(1),
  Object.fromEntries([
    ['__proto__', { polluted: true }],
    ['constructor', { prototype: { polluted: true } }],
  ]),
  JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
];

const hostileScalar = fc.oneof(fc.constantFrom(...HOSTILE_SCALARS), fc.anything({ maxDepth: 3 }));

/** The top-level keys a channel's schema knows, so generated requests get past the "unknown key" refusal. */
function keysOf(channel: string): string[] {
  const schema = (requestSchemas as Record<string, unknown>)[channel] as { shape?: Record<string, unknown> };
  return schema?.shape ? Object.keys(schema.shape) : [];
}

async function dispatchWithin(channel: string, req: unknown): Promise<Envelope<unknown>> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${channel} did not answer within ${LIVENESS_MS} ms`)),
      LIVENESS_MS,
    );
  });
  try {
    return await Promise.race([dispatcher.dispatch(channel, req, null), hang]);
  } finally {
    clearTimeout(timer);
  }
}

function expectTypedEnvelope(channel: string, req: unknown, res: Envelope<unknown>): void {
  expect(typeof res).toBe('object');
  if (res.ok) {
    expect(Object.keys(res)).toEqual(['ok', 'data']);
    return;
  }
  const where = `${channel} with ${JSON.stringify(req)?.slice(0, 200)}`;
  expect(ERROR_CODES, where).toContain(res.error.code);
  expect(res.error.code, `${where}: ${res.error.message}`).not.toBe('INTERNAL');
  expect(typeof res.error.message).toBe('string');
  expect(res.error.message.length).toBeLessThanOrEqual(1000);
  if (res.error.detail !== undefined) expect(res.error.detail.length).toBeLessThanOrEqual(4000);
}

describe('dispatcher under hostile arguments', () => {
  it.each([
    ['9999-12-31 as the end', { start: '2026-11-01', end: '9999-12-31', mode: 'full' }],
    ['"x" as the end', { start: '2026-11-01', end: 'x', mode: 'full' }],
    ['"__proto__" as the end', { start: '2026-11-01', end: '__proto__', mode: 'refresh' }],
    ['an empty start', { start: '', end: '2026-11-20', mode: 'full' }],
    ['0000-01-01 as the start', { start: '0000-01-01', end: '2026-11-20', mode: 'full' }],
    ['401 days', { start: '2025-10-16', end: '2026-11-20', mode: 'full' }],
  ])('notes.sync with %s answers INVALID_ARGUMENT at once', async (_what, req) => {
    const res = await dispatchWithin('notes.sync', req);
    expect(res).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  });

  it('refuses a request nested 100,000 levels deep with INVALID_ARGUMENT', async () => {
    for (const channel of ['settings.update', 'notes.sync', 'lookbook.exportAudit', 'app.info']) {
      const res = await dispatchWithin(channel, nested(100_000));
      expect(res).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    }
  });

  it('answers an unknown or non-string channel with INVALID_ARGUMENT', async () => {
    for (const channel of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      '',
      'x'.repeat(10_000),
    ]) {
      const res = await dispatchWithin(channel, {});
      expect(res).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
      if (!res.ok) expect(res.error.message.length).toBeLessThan(200);
    }
    const res = await dispatcher.dispatch(42 as unknown as string, {}, null);
    expect(res).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
  });

  it.each([...CHANNELS])('%s answers a typed envelope for any value', async (channel) => {
    const keys = keysOf(channel);
    const requests = keys.length
      ? fc.oneof(
          hostileScalar,
          fc.dictionary(fc.constantFrom(...keys), hostileScalar, { maxKeys: keys.length }),
        )
      : hostileScalar;
    await fc.assert(
      fc.asyncProperty(requests, async (req) => {
        expectTypedEnvelope(channel, req, await dispatchWithin(channel, req));
      }),
      { numRuns: 60, examples: HOSTILE_SCALARS.map((v) => [v]) },
    );
    expect(Object.prototype).not.toHaveProperty('polluted');
  });
});
