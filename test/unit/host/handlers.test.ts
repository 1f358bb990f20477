import type { InsightsReport } from '../../../src-main/contract';
import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../../src-main/contract';
import { createHandlers, requestSchemas } from '../../../src-main/host/create-handlers';
import { createDispatcher } from '../../../src-main/host/dispatch';
import { safeHttpUrl as externalUrl } from '../../../src-shared/absolute-uri';
import { buildDeskApi } from '../../../src-main/preload/build-api';
import { createTestDeps } from '../../support/host-deps';

function setup() {
  const deps = createTestDeps();
  const dispatcher = createDispatcher(createHandlers(deps), requestSchemas, () => {});
  return { deps, call: (channel: string, req: unknown) => dispatcher.dispatch(channel, req, null) };
}

describe('host handlers', () => {
  it('implement, validate and expose exactly the contract channels', () => {
    const api = buildDeskApi({ invoke: async () => null, abort: () => {}, subscribe: () => () => {} });
    const sorted = (xs: readonly string[]) => [...xs].sort();
    expect(sorted(Object.keys(createHandlers(createTestDeps())))).toEqual(sorted(CHANNELS));
    expect(sorted(Object.keys(requestSchemas))).toEqual(sorted(CHANNELS));
    expect(sorted(api.channels)).toEqual(sorted(CHANNELS));
  });

  it.each([
    ['settings.update', { replySlaHours: '24' }],
    ['settings.update', { language: 'fr' }],
    ['settings.update', { unknownField: 1 }],
    ['settings.update', 'en'],
    ['settings.get', { extra: true }],
    ['vault.status', {}],
    ['vault.status', { profileId: '../../etc' }],
    ['vault.set', { profileId: 'sandbox', tickets: {} }],
    ['vault.set', { profileId: 'sandbox', tickets: { authTicket: '' } }],
    ['vault.set', { profileId: 'sandbox', tickets: { authTicket: 'a', sessionKey: 'b' } }],
    ['vault.set', { profileId: 'sandbox', tickets: { authTicket: 'x'.repeat(9000) } }],
    ['vault.clear', null],
    ['vault.acceptWeakerStorage', { accept: 'yes' }],
    ['shell.openExternal', { url: 42 }],
    ['shell.openExternal', undefined],
    ['insights.report', { from: '2023-01-01', to: '2026-11-20' }],
    ['insights.report', { from: '2026-11-20', to: '2026-11-01' }],
    ['insights.report', { from: '2026-11-01', to: '2026-11-20', sellerId: 'two words' }],
    ['insights.report', { from: '2026-11-01', to: '2026-11-20', sellerId: '<shop>' }],
    ['insights.report', { from: '2026-02-30', to: '2026-03-20' }],
    ['insights.report', { from: '2026-11-01', to: '2026-11-20', limit: 5 }],
  ])('%s refuses %j with INVALID_ARGUMENT', async (channel, req) => {
    const { call } = setup();
    const res = await call(channel, req);
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.error.code).toBe('INVALID_ARGUMENT');
  });

  it('answers insights.report over the active mirror for a period of at most 3 × 366 days', async () => {
    const { call } = setup();
    const res = await call('insights.report', {
      from: '2024-11-21',
      to: '2026-11-20',
      sellerId: 'gangnam_style',
    });
    expect(res).toMatchObject({
      ok: true,
      data: {
        from: '2024-11-21',
        sellerId: 'gangnam_style',
        speed: { total: 0 },
        targets: { within24h: 0.9 },
      },
    });
    const data = (res.ok ? res.data : undefined) as InsightsReport | undefined;
    expect(data?.days).toHaveLength(730);
    expect(data?.arrivals.flat()).toHaveLength(7 * 24);
  });

  it('answers settings.get, applies settings.update and returns the new settings', async () => {
    const { call } = setup();
    const got = await call('settings.get', undefined);
    expect(got).toMatchObject({ ok: true, data: { settings: { activeProfileId: 'sandbox' } } });
    const updated = await call('settings.update', { language: 'en', autoRefreshMinutes: 0 });
    expect(updated).toMatchObject({ ok: true, data: { language: 'en', autoRefreshMinutes: 0 } });
    const dismissed = await call('settings.resetNotice', null);
    expect(dismissed.ok).toBe(true);
  });

  it('vault channels return status only, never a ticket, and refuse unknown profiles', async () => {
    const { call } = setup();
    const set = await call('vault.set', { profileId: 'sandbox', tickets: { authTicket: 'SECRET-AUTH' } });
    expect(set).toMatchObject({ ok: true, data: { state: 'ok', present: { auth: true, encrypted: false } } });
    expect(JSON.stringify(set)).not.toContain('SECRET-AUTH');
    const status = await call('vault.status', { profileId: 'sandbox' });
    expect(JSON.stringify(status)).not.toContain('SECRET-AUTH');
    const cleared = await call('vault.clear', { profileId: 'sandbox' });
    expect(cleared).toMatchObject({ ok: true, data: { state: 'empty' } });
    const unknown = await call('vault.status', { profileId: 'nobody' });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await call('vault.acceptWeakerStorage', { accept: true })).toEqual({ ok: true, data: undefined });
  });
});

describe('shell.openExternal', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    '/relative/path',
    'example.com',
    '//example.com/x',
    'https://user:pass@example.com/',
    'smb://server/share',
    '',
  ])('refuses %j', async (url) => {
    const { deps, call } = setup();
    const res = await call('shell.openExternal', { url });
    expect(res).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    expect(deps.opened).toEqual([]);
  });

  it('opens https and http links, normalized', async () => {
    const { deps, call } = setup();
    expect(await call('shell.openExternal', { url: 'https://help.example.kr/문의?q=1' })).toEqual({
      ok: true,
      data: undefined,
    });
    await call('shell.openExternal', { url: 'HTTP://Example.com' });
    expect(deps.opened).toEqual(['https://help.example.kr/%EB%AC%B8%EC%9D%98?q=1', 'http://example.com/']);
  });

  it('has the same rule when called directly', () => {
    expect(externalUrl('https://a.kr/x')).toBe('https://a.kr/x');
    expect(externalUrl('javascript:void(0)')).toBeUndefined();
  });
});
