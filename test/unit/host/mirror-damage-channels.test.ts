// Over IPC: whatever is wrong with the mirror file, every notes.* channel answers (a typed error at worst, never
// INTERNAL with SQLite's text), the status carries a notice, and the marks set before are offered back.
import { mkdirSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotesMirrorStatus } from '../../../src-main/contract';
import { createHandlers, requestSchemas } from '../../../src-main/host/create-handlers';
import { createDispatcher } from '../../../src-main/host/dispatch';
import { MIRRORS_DIR } from '../../../src-main/storage/mirror-registry';
import { MIRROR_VERSION } from '../../../src-main/storage/mirror-schema';
import { createTestDeps } from '../../support/host-deps';

const MARKED = Array.from({ length: 60 }, (_, i) => 1000 + i * 13);
const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const d of opened.splice(0)) await d.close();
});

function host(dataDir?: string) {
  const deps = createTestDeps(dataDir === undefined ? {} : { dataDir });
  opened.push(deps);
  const internal: unknown[] = [];
  const dispatcher = createDispatcher(createHandlers(deps), requestSchemas, (_c, err) => internal.push(err));
  const call = (channel: string, req: unknown) => dispatcher.dispatch(channel, req, null);
  return { deps, call, internal };
}

/**
 * A sandbox mirror with marks set over IPC, closed; its file. The memos fill several pages, so the marks table's
 * root is an index over its leaves (a table that fits one page has no copy elsewhere once that page is overwritten:
 * what it held cannot be read back, only said).
 */
async function markedMirror(): Promise<{ dataDir: string; file: string }> {
  const { deps, call } = host();
  expect((await call('notes.status', undefined)).ok).toBe(true);
  for (const [i, seqNo] of MARKED.entries()) {
    const res = await call('notes.local.set', {
      seqNo,
      handled: true,
      memo: `메모 ${i} ${'교환 요청 '.repeat(40)}`,
    });
    expect(res.ok).toBe(true);
  }
  await deps.close();
  opened.splice(opened.indexOf(deps), 1);
  const dir = join(deps.dataDir, MIRRORS_DIR);
  const [name] = readdirSync(dir).filter((f) => f.endsWith('.sqlite'));
  return { dataDir: deps.dataDir, file: join(dir, name!) };
}

function sql(file: string, statement: string) {
  const db = new DatabaseSync(file);
  try {
    return db.prepare(statement).all();
  } finally {
    db.close();
  }
}

function overwriteRoot(file: string, table: string) {
  const [row] = sql(file, `SELECT rootpage FROM sqlite_master WHERE name = '${table}'`) as {
    rootpage: number;
  }[];
  const rootpage = row!.rootpage;
  const bytes = readFileSync(file);
  bytes.fill(0xa7, (Number(rootpage) - 1) * 4096, Number(rootpage) * 4096);
  writeFileSync(file, bytes);
}

type Damage = (m: { dataDir: string; file: string }) => void;
const DAMAGES: [string, Damage, 'mirror-reset' | 'mirror-newer' | 'mirror-inaccessible', boolean][] = [
  ['not a database', ({ file }) => writeFileSync(file, 'not a database '.repeat(400)), 'mirror-reset', false],
  ['zero-length', ({ file }) => truncateSync(file, 0), 'mirror-reset', false],
  ['bytes over the marks table’s page', ({ file }) => overwriteRoot(file, 'marks'), 'mirror-reset', true],
  ['bytes over the notes table’s page', ({ file }) => overwriteRoot(file, 'notes'), 'mirror-reset', true],
  ['user_version 0', ({ file }) => sql(file, 'PRAGMA user_version = 0'), 'mirror-reset', true],
  ['a dropped table', ({ file }) => sql(file, 'DROP TABLE coverage'), 'mirror-reset', true],
  [
    'a newer user_version',
    ({ file }) => sql(file, `PRAGMA user_version = ${MIRROR_VERSION + 1}`),
    'mirror-newer',
    false,
  ],
  [
    'a folder in its place',
    ({ file }) => {
      rmSync(file);
      mkdirSync(file);
    },
    'mirror-inaccessible',
    false,
  ],
  [
    '`mirrors` a file',
    ({ dataDir }) => {
      rmSync(join(dataDir, MIRRORS_DIR), { recursive: true });
      writeFileSync(join(dataDir, MIRRORS_DIR), 'x');
    },
    'mirror-inaccessible',
    false,
  ],
];

describe('a damaged or unusable mirror over IPC', () => {
  it.each(DAMAGES)(
    '%s: a notice, every notes channel answers, the marks offered back',
    async (_n, damage, kind, offered) => {
      const mirror = await markedMirror();
      damage(mirror);
      const { call, internal } = host(mirror.dataDir);
      const period = { start: '2026-11-01', end: '2026-11-20' };
      const answers = await Promise.all([
        call('notes.period', period),
        call('notes.count', period),
        call('notes.lookup', { text: '배송', limit: 5 }),
        call('notes.waitingOutside', { ...period, lateBeforeMs: 0 }),
        call('notes.waiting', { lateBeforeMs: 0 }),
        call('notes.syncState', undefined),
        call('notes.local.set', { seqNo: 7, handled: true }),
        call('notes.profileMirror', { profileId: 'sandbox' }),
      ]);
      for (const a of answers) expect(a).toMatchObject({ ok: true });
      const status = await call('notes.status', undefined);
      expect(status.ok).toBe(true);
      const { notices, offers } = (status as { data: NotesMirrorStatus }).data;
      expect(notices.map((n) => n.kind)).toContain(kind);
      if (offered) {
        const offer = offers.find((o) => o.kind === 'recovered');
        expect(offer).toMatchObject({ marks: MARKED.length, handled: MARKED.length, memos: MARKED.length });
        const imported = await call('notes.carryOver', { source: offer!.source, action: 'import' });
        expect(imported).toEqual({ ok: true, data: { imported: MARKED.length } });
      }
      expect(internal).toEqual([]);
    },
  );
});
