// A mirror from before version 5 opens at once and fills its search index in a worker (storage/search-fill.ts);
// meanwhile the inbox's line above the list says how far it is, from main's status and pushes, and the line goes
// when the fill ends. The fill is the app's own worker, held after its first batch until the test lets it go.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { AssembleOptions } from '../../src-main/host/assemble-host';
import { sandboxFingerprint } from '../../src-main/host/connect';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { createBackend, recentNotes } from '../../src-main/sandbox/backend';
import { toInboxNote } from '../../src-main/storage/inbox-note';
import { mirrorFileName, MIRRORS_DIR } from '../../src-main/storage/mirror-registry';
import { SANDBOX_PROFILE_ID } from '../../src-main/storage/settings-schema';
import { translatorFor } from '../../src-renderer/app/message-registry';
import { createTestDeps, TEST_NOW } from '../support/host-deps';
import { writeVersion4Mirror } from '../support/mirror';
import { cleanupAfterEach } from './cleanup';
import { closeBrowser, openApp } from './harness';
import { LONG, settled } from './inbox-app';

afterAll(closeBrowser);
const cleanup = cleanupAfterEach();
const HELD = fileURLToPath(new URL('../support/held-search-fill-worker.ts', import.meta.url));
const SANDBOX = { seed: 42, now: TEST_NOW, notes: 2000 };
const BATCH = 700;

describe('the search index fill of a mirror from before version 5', () => {
  it('shows how far it is above the list while it runs, and nothing once it ends', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'search-fill-e2e-'));
    mkdirSync(join(dataDir, MIRRORS_DIR));
    const notes = recentNotes(createBackend(SANDBOX)).map((n) => toInboxNote(n)!);
    const owner = {
      profileId: SANDBOX_PROFILE_ID,
      kind: 'sandbox',
      fingerprint: sandboxFingerprint(SANDBOX),
    };
    writeVersion4Mirror(join(dataDir, MIRRORS_DIR, mirrorFileName(owner)), notes, TEST_NOW.getTime());

    const gate = new Int32Array(new SharedArrayBuffer(4));
    const release = () => {
      Atomics.store(gate, 0, 1);
      Atomics.notify(gate, 0);
    };
    cleanup.push(async () => release());
    // Main's events reach the page once it is open, as they reach the window in the app.
    const relay: { toPage?: (event: string, payload: unknown) => Promise<void> } = {};
    let batched!: () => void;
    const firstBatch = new Promise<void>((resolve) => (batched = resolve));
    const emit: AssembleOptions['emit'] = (event, payload) => {
      if (event === 'notes.searchFill') batched();
      void relay.toPage?.(event, payload).catch(() => {});
    };
    const deps = createTestDeps({
      dataDir,
      sandbox: SANDBOX,
      emit,
      searchFill: { workerFile: HELD, workerData: { gate: gate.buffer }, batch: BATCH },
    });
    const handlers = createHandlers(deps);
    // The first look at the mirror opens it and starts the fill, which commits a batch and is held there.
    await handlers['notes.status'](undefined, { signal: new AbortController().signal, emit: () => {} });
    await firstBatch;

    const app = await openApp({ handlers, schemas: requestSchemas, locale: 'ko-KR' });
    cleanup.push(async () => {
      await app.close();
      await deps.close();
    });
    relay.toPage = app.emit;
    await settled(app.page, app.calls);
    const t = translatorFor('ko');
    const line = app.page.getByTestId('search-fill');
    const percent = Math.floor((BATCH * 100) / notes.length);
    expect(percent).toBeGreaterThan(0);
    await expect.poll(() => line.textContent(), LONG).toBe(t('inbox.searchFill', { percent }));
    expect(await line.getAttribute('title')).toBe(
      t('inbox.searchFill.title', { done: BATCH, total: notes.length }),
    );

    release();
    await expect.poll(() => line.count(), LONG).toBe(0);
    expect(app.pageErrors).toEqual([]);
  });
});
