// One channel list, four places: the contract, the host's handlers, the host's request schemas and the
// preload's allowlist. A channel in one but not the others is either unreachable or unguarded. The allowlist the
// app ships is checked in the built preload itself (test/unit/build-output.test.ts).
import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../../src-main/contract';
import type { DeskApi } from '../../../src-main/contract';
import { createHandlers, requestSchemas } from '../../../src-main/host/create-handlers';
import { buildDeskApi } from '../../../src-main/preload/build-api';
import type { DeskTransport } from '../../../src-main/preload/build-api';
import { createTestDeps } from '../../support/host-deps';

function fakeTransport() {
  const invoked: { channel: string; req: unknown }[] = [];
  const transport: DeskTransport = {
    invoke: async (channel, req) => {
      invoked.push({ channel, req });
      return { ok: true, data: 'from transport' };
    },
    abort: () => {},
    subscribe: () => () => {},
  };
  return { transport, invoked };
}

describe('the contract', () => {
  const sorted = (xs: Iterable<string>) => [...xs].sort();

  it('lists each channel once', () => {
    expect(new Set(CHANNELS).size).toBe(CHANNELS.length);
    expect(CHANNELS.length).toBeGreaterThan(0);
  });

  it('has the same channels as the host handlers and the request schemas', async () => {
    const deps = createTestDeps();
    try {
      const handlers = Object.keys(createHandlers(deps));
      const schemas = Object.keys(requestSchemas);
      expect(sorted(handlers)).toEqual(sorted(CHANNELS));
      expect(sorted(schemas)).toEqual(sorted(CHANNELS));
    } finally {
      await deps.close();
    }
  });

  it('forwards a listed channel to the transport', async () => {
    const { transport, invoked } = fakeTransport();
    const api = buildDeskApi(transport);
    await expect(api.invoke('app.info', undefined)).resolves.toEqual({ ok: true, data: 'from transport' });
    expect(invoked).toEqual([{ channel: 'app.info', req: undefined }]);
  });

  it.each(['shell.exec', 'network.list ', '__proto__', 'constructor', ''])(
    'refuses %j without reaching the transport',
    async (channel) => {
      const { transport, invoked } = fakeTransport();
      const api = buildDeskApi(transport);
      const invoke = api.invoke as unknown as (c: string, r: unknown) => ReturnType<DeskApi['invoke']>;
      const envelope = await invoke(channel, {});
      expect(envelope).toEqual({
        ok: false,
        error: { code: 'INVALID_ARGUMENT', message: `Channel not allowed: ${channel}` },
      });
      expect(invoked).toEqual([]);
    },
  );

  it('hands the renderer a frozen object and list', () => {
    const api = buildDeskApi(fakeTransport().transport);
    expect(Object.isFrozen(api)).toBe(true);
    expect(Object.isFrozen(api.channels)).toBe(true);
  });
});
