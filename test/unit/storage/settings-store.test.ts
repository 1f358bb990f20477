import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Profile, Settings } from '../../../src-main/contract';
import { requestSchemas } from '../../../src-main/host/create-handlers';
import { createDispatcher, toDeskError } from '../../../src-main/host/dispatch';
import type { Handlers } from '../../../src-main/host/dispatch';
import { InvalidValueError } from '../../../src-main/storage/field-issues';
import { MAX_TEMPLATES, starterTemplates } from '../../../src-main/storage/reply-templates';
import { defaultSettings } from '../../../src-main/storage/settings-schema';
import {
  createSettingsStore,
  migrateSettings,
  MIGRATIONS,
  SETTINGS_FILE,
} from '../../../src-main/storage/settings-store';
import type { Migrations } from '../../../src-main/storage/settings-store';

const tempDir = () => mkdtempSync(join(tmpdir(), 'settings-'));
const fixedNow = () => new Date('2025-03-04T05:06:07.089Z');

const live: Profile = {
  id: 'live-1',
  name: 'My shop',
  kind: 'live',
  apiBaseUrl: 'https://api.example.kr/soap',
  suggestBaseUrl: 'https://suggest.example.kr/soap',
  nsRoot: 'http://example.kr/ns',
  schemaRoot: 'http://example.kr/schema',
  suggestNamespace: 'ns',
  soapVersion: '1.2',
  pageIndexBase: 0,
  timeoutMs: 20_000,
  sellerIds: ['S100'],
};

describe('settings store', () => {
  it('writes defaults on first run: one Sandbox profile, Asia/Seoul, 24 h SLA, 5 min refresh', async () => {
    const dir = tempDir();
    const view = await createSettingsStore(dir).get();
    expect(view.notice).toBeUndefined();
    expect(view.settings).toMatchObject({
      version: 3,
      activeProfileId: 'sandbox',
      language: 'system',
      timeZone: 'Asia/Seoul',
      replySlaHours: 24,
      autoRefreshMinutes: 5,
      inbox: { filters: {} },
    });
    expect(view.settings.profiles).toHaveLength(1);
    expect(view.settings.profiles[0]).toMatchObject({ name: 'Sandbox', kind: 'sandbox', pageIndexBase: 1 });
    expect(JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8'))).toEqual(view.settings);
  });

  it('persists an update and reads it back in a new store', async () => {
    const dir = tempDir();
    await createSettingsStore(dir).update({
      language: 'en',
      replySlaHours: 12,
      profiles: [defaultSettings().profiles[0]!, live],
      activeProfileId: 'live-1',
      inbox: { filters: { status: ['NoReply'], q: '주문' } },
    });
    const { settings } = await createSettingsStore(dir).get();
    expect(settings.language).toBe('en');
    expect(settings.replySlaHours).toBe(12);
    expect(settings.activeProfileId).toBe('live-1');
    expect(settings.profiles[1]).toEqual(live);
    expect(settings.inbox.filters).toEqual({ status: ['NoReply'], q: '주문' });
  });

  it('refuses invalid patches with INVALID_ARGUMENT and keeps the file as it was', async () => {
    const dir = tempDir();
    const store = createSettingsStore(dir);
    await store.get();
    const before = readFileSync(join(dir, SETTINGS_FILE), 'utf8');
    const bad: unknown[] = [
      { timeZone: 'Mars/Olympus' },
      { replySlaHours: -1 },
      { autoRefreshMinutes: 1.5 },
      { activeProfileId: 'nope' },
      { profiles: [] },
      { profiles: [{ ...live, nsRoot: '' }], activeProfileId: 'live-1' },
      { profiles: [{ ...live, apiBaseUrl: 'ftp://x' }], activeProfileId: 'live-1' },
      { profiles: [live, live], activeProfileId: 'live-1' },
      { inbox: { filters: [] } },
      { version: 2 },
    ];
    for (const patch of bad) {
      const err = await store.update(patch as never).catch((e: unknown) => e);
      expect(err, JSON.stringify(patch)).toBeInstanceOf(InvalidValueError);
      expect(toDeskError(err).code).toBe('INVALID_ARGUMENT');
    }
    expect(readFileSync(join(dir, SETTINGS_FILE), 'utf8')).toBe(before);
  });

  it('reports a live profile without namespace roots by field', async () => {
    const err = (await createSettingsStore(tempDir())
      .update({ profiles: [{ ...live, nsRoot: '', schemaRoot: ' ' }], activeProfileId: 'live-1' })
      .catch((e: unknown) => e)) as InvalidValueError;
    expect(err.detail).toContain('profiles.0.nsRoot');
    expect(err.detail).toContain('profiles.0.schemaRoot');
  });

  it('names every refused field at once, by path and rule, for the form to mark', async () => {
    const sandbox = defaultSettings().profiles[0]!;
    const err = (await createSettingsStore(tempDir())
      .update({
        profiles: [
          sandbox,
          { ...live, name: ' ', apiBaseUrl: 'ftp://x', nsRoot: '<<>>', schemaRoot: '', timeoutMs: 500 },
        ],
        activeProfileId: 'live-1',
      })
      .catch((e: unknown) => e)) as InvalidValueError;
    expect(err).toBeInstanceOf(InvalidValueError);
    expect(err.issues).toEqual(
      expect.arrayContaining([
        { path: ['profiles', 1, 'name'], rule: 'required' },
        { path: ['profiles', 1, 'timeoutMs'], rule: 'too-small', limit: 1000 },
        { path: ['profiles', 1, 'apiBaseUrl'], rule: 'http-url' },
        { path: ['profiles', 1, 'nsRoot'], rule: 'absolute-uri' },
        { path: ['profiles', 1, 'schemaRoot'], rule: 'required' },
      ]),
    );
    expect(err.issues).toHaveLength(5);
    expect(toDeskError(err).issues).toEqual(err.issues);
  });

  it('refuses a namespace root that is not an absolute URI, and takes one that is', async () => {
    const store = createSettingsStore(tempDir());
    const sandbox = defaultSettings().profiles[0]!;
    for (const nsRoot of ['<<>>', 'api.market.example.com', 'http://', 'http://exa mple.com', '/ns']) {
      const err = (await store
        .update({ profiles: [sandbox, { ...live, nsRoot }], activeProfileId: 'live-1' })
        .catch((e: unknown) => e)) as InvalidValueError;
      expect(err.issues, nsRoot).toEqual([{ path: ['profiles', 1, 'nsRoot'], rule: 'absolute-uri' }]);
    }
    for (const nsRoot of ['http://api.market.example.com', 'urn:market:api', 'https://x.example/ns#v1']) {
      const saved = await store.update({
        profiles: [sandbox, { ...live, nsRoot }],
        activeProfileId: 'live-1',
      });
      expect(saved.profiles[1]!.nsRoot).toBe(nsRoot);
    }
  });

  it('refuses insights targets that are not whole percents of 50 to 100 or put 48 hours below 24, and saves one that is', async () => {
    const dir = tempDir();
    const store = createSettingsStore(dir);
    const sandbox = defaultSettings().profiles[0]!;
    const refused = (within24h: number, within48h: number) =>
      store
        .update({ profiles: [{ ...sandbox, insightTargets: { within24h, within48h, businessDays: false } }] })
        .catch((e: unknown) => (e as InvalidValueError).issues);
    const at = (key: string) => ['profiles', 0, 'insightTargets', key];
    expect(await refused(0.45, 0.95)).toEqual([{ path: at('within24h'), rule: 'too-small', limit: 50 }]);
    expect(await refused(0.9, 0.925)).toEqual([{ path: at('within48h'), rule: 'whole-number' }]);
    expect(await refused(0.9, 0.85)).toEqual([{ path: at('within48h'), rule: 'too-small', limit: 90 }]);
    const saved = await store.update({
      profiles: [{ ...sandbox, insightTargets: { within24h: 0.85, within48h: 0.92, businessDays: true } }],
    });
    expect(saved.profiles[0]!.insightTargets).toEqual({
      within24h: 0.85,
      within48h: 0.92,
      businessDays: true,
    });
    const reread = await createSettingsStore(dir).get();
    expect(reread.settings.profiles[0]!.insightTargets).toMatchObject({
      within24h: 0.85,
      businessDays: true,
    });
  });

  it('still loads a file saved before namespace roots had to be URIs', async () => {
    const dir = tempDir();
    const old = {
      ...defaultSettings(),
      profiles: [{ ...live, nsRoot: 'example.kr/ns' }],
      activeProfileId: 'live-1',
    };
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify(old));
    const view = await createSettingsStore(dir).get();
    expect(view.notice).toBeUndefined();
    expect(view.settings.profiles[0]!.nsRoot).toBe('example.kr/ns');
  });

  it('refuses a service address with a user name or password, and still loads a file saved with one', async () => {
    const withCredentials = 'https://seller:secret@api.example-market.co.kr/APIv1';
    const err = (await createSettingsStore(tempDir())
      .update({ profiles: [{ ...live, apiBaseUrl: withCredentials }], activeProfileId: 'live-1' })
      .catch((e: unknown) => e)) as InvalidValueError;
    expect(err.issues).toEqual([{ path: ['profiles', 0, 'apiBaseUrl'], rule: 'http-url' }]);

    const dir = tempDir();
    const old = {
      ...defaultSettings(),
      profiles: [{ ...live, apiBaseUrl: withCredentials }],
      activeProfileId: 'live-1',
    };
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify(old));
    const view = await createSettingsStore(dir).get();
    expect(view.notice).toBeUndefined();
    expect(view.settings.profiles[0]!.apiBaseUrl).toBe(withCredentials);
  });

  it('words refused numbers with their bound, and a refused request at the dispatcher the same way', async () => {
    const err = (await createSettingsStore(tempDir())
      .update({ replySlaHours: 999 })
      .catch((e: unknown) => e)) as InvalidValueError;
    expect(err.issues).toEqual([{ path: ['replySlaHours'], rule: 'too-large', limit: 336 }]);
    const dispatcher = createDispatcher(
      { ...({} as Handlers), 'settings.update': async () => defaultSettings() },
      requestSchemas,
      () => {},
    );
    const envelope = await dispatcher.dispatch(
      'settings.update',
      { autoRefreshMinutes: 1.5, language: 'fr' },
      null,
    );
    expect(envelope).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_ARGUMENT',
        issues: [
          { path: ['language'], rule: 'choice' },
          { path: ['autoRefreshMinutes'], rule: 'whole-number' },
        ],
      },
    });
  });

  it('moves a corrupt file aside, loads defaults and raises a notice until dismissed', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, SETTINGS_FILE), '{"version": 1, "language": "ko", ');
    const store = createSettingsStore(dir, { now: fixedNow });
    const view = await store.get();
    const backupFile = 'settings.corrupt-2025-03-04T05-06-07-089Z.json';
    expect(view.notice).toEqual({ kind: 'settings-reset', backupFile });
    expect(view.settings).toEqual(defaultSettings());
    expect(readFileSync(join(dir, backupFile), 'utf8')).toBe('{"version": 1, "language": "ko", ');
    expect(readdirSync(dir).sort()).toEqual([backupFile, SETTINGS_FILE].sort());
    await store.dismissNotice();
    expect((await store.get()).notice).toBeUndefined();
  });

  it('treats a file from a newer version, or not an object, as corrupt', async () => {
    for (const content of [{ ...defaultSettings(), version: 99 }, [1, 2, 3]]) {
      const dir = tempDir();
      writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify(content));
      const view = await createSettingsStore(dir).get();
      expect(view.notice?.kind).toBe('settings-reset');
      expect(view.settings).toEqual(defaultSettings());
    }
  });

  it('caps every value: 9 MB of inbox filters is refused with a clear error, and the file keeps what it had', async () => {
    const dir = tempDir();
    const store = createSettingsStore(dir);
    await store.update({ inbox: { filters: { search: '배송' } } });
    const huge = { search: 'x'.repeat(9 * 1024 * 1024) };
    const err = await store.update({ inbox: { filters: huge } }).catch((e: unknown) => e);
    expect(toDeskError(err)).toMatchObject({
      code: 'INVALID_ARGUMENT',
      issues: [{ path: ['inbox', 'filters'], rule: 'too-long' }],
    });
    const many = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, i]));
    const tooMany = await store.update({ inbox: { filters: many } }).catch((e: unknown) => e);
    expect(toDeskError(tooMany)).toMatchObject({ code: 'INVALID_ARGUMENT' });
    expect((await createSettingsStore(dir).get()).settings.inbox.filters).toEqual({ search: '배송' });
  });

  it('repairs a file over the caps field by field: the refused fields take their defaults, the rest is kept', async () => {
    const dir = tempDir();
    const broken = { ...live, id: 'broken', timeoutMs: 'slow' };
    const saved = {
      ...defaultSettings(),
      language: 'en',
      replySlaHours: 'soon',
      activeProfileId: 'broken',
      profiles: [...defaultSettings().profiles, live, broken],
      inbox: { filters: { search: 'x'.repeat(9 * 1024 * 1024) } },
    };
    const text = JSON.stringify(saved);
    writeFileSync(join(dir, SETTINGS_FILE), text);
    const view = await createSettingsStore(dir, { now: fixedNow }).get();
    const backupFile = 'settings.repaired-2025-03-04T05-06-07-089Z.json';
    expect(view.notice).toEqual({
      kind: 'settings-repaired',
      backupFile,
      fields: expect.arrayContaining(['replySlaHours', 'profiles', 'inbox', 'activeProfileId']),
    });
    expect(view.settings).toMatchObject({
      language: 'en',
      replySlaHours: defaultSettings().replySlaHours,
      inbox: { filters: {} },
      activeProfileId: 'sandbox',
    });
    expect(view.settings.profiles.map((p) => p.id)).toEqual(['sandbox', 'live-1']);
    expect(readFileSync(join(dir, backupFile), 'utf8')).toBe(text);
    expect((await createSettingsStore(dir).get()).settings.profiles).toHaveLength(2);
  });

  it('migrates an older file forward and rewrites it at the current version', async () => {
    // A made-up version 0: flat fields under other names, before profiles existed.
    const v0 = { lang: 'en', slaHours: 48, apiUrl: 'ignored' };
    const migrations: Migrations = {
      ...MIGRATIONS,
      0: (doc) => ({
        ...defaultSettings(),
        language: doc['lang'],
        replySlaHours: doc['slaHours'],
      }),
    };
    const dir = tempDir();
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify(v0));
    const view = await createSettingsStore(dir, { migrations }).get();
    expect(view.notice).toBeUndefined();
    expect(view.settings.language).toBe('en');
    expect(view.settings.replySlaHours).toBe(48);
    const onDisk = JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8')) as { version: number };
    expect(onDisk.version).toBe(3);
  });

  it('migrates a version-1 file with the Korean and English starter templates, keeping the rest', async () => {
    const dir = tempDir();
    const { replyTemplates: _added, ...v1 } = { ...defaultSettings(), version: 1, replySlaHours: 12 };
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify(v1));
    const view = await createSettingsStore(dir).get();
    expect(view.notice).toBeUndefined();
    expect(view.settings.replySlaHours).toBe(12);
    expect(view.settings.replyTemplates).toEqual(starterTemplates());
    expect(view.settings.replyTemplates.find((t) => t.lang === 'ko')!.body).toContain('{주문번호}');
    const onDisk = JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8')) as Settings;
    expect(onDisk.version).toBe(3);
    expect(onDisk.replyTemplates).toEqual(view.settings.replyTemplates);
  });

  it("gives a version-2 file's starters their inquiry types and adds the new ones, keeping edits, deletions and own templates", async () => {
    const dir = tempDir();
    // Release 0.1's four starters, untyped; the seller edited one, deleted one and wrote one of their own.
    const v2Starters = starterTemplates()
      .filter((t) => ['shipping', 'exchange'].some((k) => t.id.includes(k)))
      .map(({ types: _types, ...t }) => t);
    const edited = { ...v2Starters[0]!, body: '오늘 오후 3시 전 주문은 당일 출고합니다.' };
    const own = { id: 'mine', name: '내 답변', lang: 'ko' as const, body: '감사합니다.' };
    const kept = [edited, ...v2Starters.slice(1).filter((t) => t.id !== 'starter-exchange-en'), own];
    writeFileSync(
      join(dir, SETTINGS_FILE),
      JSON.stringify({ ...defaultSettings(), version: 2, replyTemplates: kept }),
    );
    const { settings, notice } = await createSettingsStore(dir).get();
    expect(notice).toBeUndefined();
    const byId = new Map(settings.replyTemplates.map((t) => [t.id, t]));
    expect(byId.get('starter-shipping-ko')).toEqual({ ...edited, types: ['Shipping'] });
    expect(byId.get('starter-exchange-ko')!.types).toEqual(['Exchange', 'Refund']);
    expect(byId.has('starter-exchange-en')).toBe(false);
    expect(byId.get('mine')).toEqual(own);
    expect(settings.replyTemplates.map((t) => t.id).slice(-4)).toEqual([
      'starter-item-ko',
      'starter-receipt-ko',
      'starter-item-en',
      'starter-receipt-en',
    ]);
  });

  it('adds no starter to a version-2 file already holding the most templates the app keeps', async () => {
    const dir = tempDir();
    const full = Array.from({ length: MAX_TEMPLATES }, (_, i) => ({
      id: `t${i}`,
      name: `답변 ${i}`,
      lang: 'ko' as const,
      body: '감사합니다.',
    }));
    writeFileSync(
      join(dir, SETTINGS_FILE),
      JSON.stringify({ ...defaultSettings(), version: 2, replyTemplates: full }),
    );
    const { settings, notice } = await createSettingsStore(dir).get();
    expect(notice).toBeUndefined();
    expect(settings.replyTemplates).toEqual(full);
  });

  it('chains migrations step by step and refuses a gap', () => {
    const steps: Migrations = {
      0: (d) => ({ ...d, a: 1 }),
      1: (d) => ({ ...d, b: (d['a'] as number) + 1 }),
    };
    expect(migrateSettings({ version: 0 }, steps, 2)).toEqual({ version: 2, a: 1, b: 2 });
    expect(() => migrateSettings({ version: 0 }, { 1: steps[1]! }, 2)).toThrow(/no migration from version 0/);
  });

  it('fills the sandbox endpoints at runtime but never writes them to disk', async () => {
    const dir = tempDir();
    const endpoints = {
      apiBaseUrl: 'http://127.0.0.1:5555/api',
      suggestBaseUrl: 'http://127.0.0.1:5555/suggest',
      nsRoot: 'urn:sandbox:ns',
      schemaRoot: 'urn:sandbox:schema',
    };
    const store = createSettingsStore(dir, { sandboxEndpoints: () => endpoints });
    const { settings } = await store.get();
    expect(settings.profiles[0]).toMatchObject(endpoints);
    await store.update({ profiles: settings.profiles, replySlaHours: 6 });
    const onDisk = JSON.parse(readFileSync(join(dir, SETTINGS_FILE), 'utf8')) as { profiles: Profile[] };
    expect(onDisk.profiles[0]!.apiBaseUrl).toBe('');
    expect((await store.activeProfile()).apiBaseUrl).toBe(endpoints.apiBaseUrl);
  });
});
