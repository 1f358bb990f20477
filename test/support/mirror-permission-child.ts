// A mirror opened by a user the OS refuses it to: the permission cases of test/unit/storage/mirror-damage.test.ts
// run here under an unprivileged uid when the tests run as root (root reads and writes whatever a file's mode).
// Given the data folder and the owner (JSON), it opens the mirror as the app does, uses it (every read, a mark),
// opens it again in the same session, and prints what it found as one line of JSON.
import { createMirrorRegistry } from '../../src-main/storage/mirror-registry';
import type { MirrorOwner } from '../../src-main/storage/notes-store';

const [dataDir, ownerJson, nowText] = process.argv.slice(2) as [string, string, string];
const owner = JSON.parse(ownerJson) as MirrorOwner;
const now = Number(nowText);
const known = [owner.profileId];
const registry = createMirrorRegistry({
  dataDir,
  sandbox: { ...owner, profileId: 'sandbox' },
  now: () => now,
});
const out: Record<string, unknown> = { uid: process.getuid?.() };
try {
  const store = registry.open(owner, known);
  out['notices'] = store.notices().map(({ kind, reason, file }) => ({ kind, reason, file }));
  store.status();
  store.period('2026-11-01', '2026-11-24');
  store.count({ start: '2026-11-01', end: '2026-11-24' });
  store.lookup({ text: '배송', limit: 5 });
  store.waitingOutside({ start: '2026-11-01', end: '2026-11-24', lateBeforeMs: now });
  store.waiting(now);
  store.setMark(1, { memo: '새 메모' }, now);
  out['inMemory'] = store.db.location() === null;
  out['markAgain'] = registry.open(owner, known).mark(1)?.memo;
} catch (err) {
  out['error'] = String(err);
} finally {
  registry.close();
}
process.stdout.write(`${JSON.stringify(out)}\n`);
