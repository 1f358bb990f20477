import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENTS } from '../../src-main/contract';
import type { DeskApi } from '../../src-main/contract';
import { createHandlers } from '../../src-main/host/create-handlers';
import { DEFAULT_NAMESPACES } from '../../src-main/schema';
import { createBackend, recentNotes } from '../../src-main/sandbox/backend';
import { WORKER_READY } from '../../src-main/soap/decode-pool';
import type { DecodeJob, DecodeReply } from '../../src-main/soap/decode-pool';
import { buildResponse } from '../../src-main/sandbox/response-write';
import { decodeOperationResponse } from '../../src-main/soap/response-decode';
import { notesToCsv } from '../../src-main/services/notes-export';
import { runNotesExport } from '../../src-main/services/notes-export-run';
import { exportedNotes } from '../../src-main/services/notes-mirror';
import { toInboxNotes } from '../../src-main/services/notes-sync/calls';
import { createTestDeps } from '../support/host-deps';
import { openMirror } from '../support/mirror';

// The preload runs in a sandboxed renderer: one CommonJS file, no ESM, only `electron` required.
describe('build output', () => {
  beforeAll(() => {
    // Builds when out/ is missing or older than any source, so these tests read the build of this code.
    execFileSync(process.execPath, ['scripts/ensure-build.js'], { stdio: 'ignore' });
  }, 180_000);

  it('writes exactly one CommonJS preload that requires nothing but electron', () => {
    const files = readdirSync('out/preload');
    expect(files).toEqual(['index.cjs']);
    const code = readFileSync('out/preload/index.cjs', 'utf8');
    expect(code).not.toMatch(/^\s*import\s/m);
    expect(code).not.toMatch(/\bimport\s*\(/);
    expect(code).not.toMatch(/^\s*export\s/m);
    const required = [...code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(['electron']));
  });

  it("exposes exactly the host's channels and events, each reaching ipcRenderer, nothing else", async () => {
    // The shipped preload, run as Electron runs it in a sandboxed renderer: CommonJS with `electron` to require.
    const invoked: string[] = [];
    const listened: string[] = [];
    let exposed: { name: string; api: DeskApi } | undefined;
    const electron = {
      contextBridge: { exposeInMainWorld: (name: string, api: DeskApi) => (exposed = { name, api }) },
      ipcRenderer: {
        invoke: (channel: string) => {
          invoked.push(channel);
          return Promise.resolve({ ok: true, data: null });
        },
        send: () => {},
        on: (channel: string) => listened.push(channel),
        removeListener: () => {},
      },
    };
    const code = readFileSync('out/preload/index.cjs', 'utf8');
    const module = { exports: {} };
    const run = new Function('require', 'module', 'exports', code) as (
      req: (id: string) => unknown,
      mod: typeof module,
      exp: object,
    ) => void;
    run((id) => (id === 'electron' ? electron : undefined), module, module.exports);
    expect(exposed?.name).toBe('desk');
    const api = exposed!.api;

    // The host's channels come from its handler table, not from the contract list the preload is built from.
    const deps = createTestDeps();
    const hostChannels = Object.keys(createHandlers(deps)).sort();
    await deps.close();
    expect([...api.channels].sort()).toEqual(hostChannels);
    const invoke = api.invoke as unknown as (channel: string, req: unknown) => Promise<unknown>;
    for (const channel of hostChannels) await invoke(channel, undefined);
    expect(invoked.sort()).toEqual(hostChannels);
    await expect(invoke('shell.exec', {})).resolves.toMatchObject({ ok: false });
    expect(invoked).toHaveLength(hostChannels.length);

    for (const event of EVENTS) api.on(event, () => {});
    expect(listened).toEqual(EVENTS.map((e) => `desk:event:${e}`));
    expect(() => api.on('shell.exec' as never, () => {})).toThrow();
  });

  it('leaves node:sqlite to the runtime: main imports it, never bundles it', () => {
    // Main and the chunks it shares with its workers (the mirror's store is one of them).
    const chunks = existsSync('out/main/chunks') ? readdirSync('out/main/chunks') : [];
    const code = ['out/main/index.js', ...chunks.map((f) => `out/main/chunks/${f}`)]
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    expect(code).toMatch(/^import \{[^}]*\bDatabaseSync\b[^}]*\} from "node:sqlite";$/m);
  });

  it('reads the development overrides only when the app is not packaged', () => {
    const code = readFileSync('out/main/index.js', 'utf8');
    // The environment reaches the built main in one place, handed over with app.isPackaged.
    const envLines = code.split('\n').filter((line) => /process\.env\b/.test(line));
    expect(envLines).toHaveLength(1);
    expect(envLines[0]).toMatch(/\{ isPackaged: app\.isPackaged, env: process\.env \}/);
    // Every function given that context, run as built: a packaged app ignores what the variables say.
    const hostile = {
      ELECTRON_RENDERER_URL: 'https://attacker.example/',
      SELLER_DESK_USER_DATA: '/elsewhere',
    };
    const fns = [...code.matchAll(/^function (\w+)\(\{ isPackaged, env \}\) \{\n[\s\S]*?\n\}$/gm)];
    for (const name of Object.keys(hostile)) {
      const inFns = fns.reduce((n, [fn]) => n + fn.split(name).length - 1, 0);
      expect(inFns, name).toBeGreaterThan(0);
      expect(code.split(name).length - 1, `${name} read outside the guarded functions`).toBe(inFns);
    }
    const entry = 'app://seller-desk/index.html';
    const results = fns.map(([fn, name]) => {
      const run = new Function('APP_ENTRY_URL', `${fn}\nreturn ${name};`)(entry) as (ctx: unknown) => unknown;
      return {
        name,
        packaged: run({ isPackaged: true, env: hostile }),
        dev: run({ isPackaged: false, env: hostile }),
      };
    });
    expect(results).toEqual([
      { name: 'rendererSource', packaged: entry, dev: hostile.ELECTRON_RENDERER_URL },
      { name: 'userDataOverride', packaged: undefined, dev: hostile.SELLER_DESK_USER_DATA },
    ]);
  });

  it('writes main and renderer', () => {
    expect(existsSync('out/main/index.js')).toBe(true);
    const html = readFileSync('out/renderer/index.html', 'utf8');
    expect(html).toContain('./assets/');
    expect(html).toContain("script-src 'self'");
  });

  it('writes the decode worker beside main, and it decodes what the sources decode', async () => {
    expect(existsSync('out/main/decode-worker.js')).toBe(true);
    const notes = recentNotes(
      createBackend({ seed: 7, now: new Date('2026-11-20T09:00:00+09:00'), notes: 600 }),
    );
    const body = Buffer.from(
      buildResponse(
        'BuyerNoteList',
        { SendNote: notes.slice(0, 500) },
        { version: '1.1', ns: DEFAULT_NAMESPACES, encryptedTicket: 'ENC-2' },
      ),
    );
    const req = {
      op: 'BuyerNoteList' as const,
      status: 200,
      contentType: 'text/xml; charset=utf-8',
      body,
      ns: DEFAULT_NAMESPACES,
      secrets: [],
    };
    const worker = new Worker(resolve('out/main/decode-worker.js'));
    try {
      const messages: unknown[] = [];
      const reply = await new Promise<unknown>((resolve, reject) => {
        worker.on('message', (m: unknown) => {
          messages.push(m);
          if (m !== WORKER_READY) resolve(m);
        });
        worker.once('error', reject);
        const job: DecodeJob = { id: 1, req };
        worker.postMessage(job);
      });
      // The built worker says it has loaded before it answers (a warm-up waits for that).
      expect(messages[0]).toBe(WORKER_READY);
      expect(reply).toEqual({ id: 1, ok: true, ...decodeOperationResponse(req) } satisfies DecodeReply);
    } finally {
      await worker.terminate();
    }
  });

  it('writes the export worker beside main, and it exports what the sources export', async () => {
    expect(existsSync('out/main/notes-export-worker.js')).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'built-export-'));
    const mirror = openMirror(join(dir, 'data'));
    try {
      const wire = recentNotes(
        createBackend({ seed: 7, now: new Date('2026-11-20T09:00:00+09:00'), notes: 300 }),
      );
      const notes = toInboxNotes(wire);
      mirror.store.writeSlice({ sellerId: notes[0]!.sellerId, day: '2026-11-20', notes, complete: false }, 1);
      const seqNos = notes.map((n) => n.seqNo).reverse();
      const path = join(dir, 'notes.csv');
      const r = await runNotesExport(mirror.store.db.location()!, {
        format: 'csv',
        seqNos,
        lang: 'en',
        timeZone: 'Asia/Seoul',
        path,
        workerFile: resolve('out/main/notes-export-worker.js'),
      });
      expect(r.rows).toBe(notes.length);
      const { notes: held, local } = exportedNotes(mirror.store, seqNos);
      expect(readFileSync(path)).toEqual(
        Buffer.from(notesToCsv(held, { lang: 'en', timeZone: 'Asia/Seoul', local })),
      );
    } finally {
      mirror.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
