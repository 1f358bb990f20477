// `npm run screenshots -- --team`: two members of one team (a PostgreSQL server of the tests' own, the sandbox as
// their marketplace) working one inbox, shot as a seller sees it. Writes docs/screenshots/team-side-by-side.png (the
// two members' windows side by side, for the README) and, into a git-ignored folder, the team inbox in both
// languages, both themes, at the smallest and the default window: the pictures to look at before calling it done.
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright';
import { createBackend } from '../src-main/sandbox/backend';
import { translatorFor } from '../src-renderer/app/message-registry';
import { TEST_NOW } from '../test/support/host-deps';
import { startPostgres } from '../test/support/postgres';
import { closeClients } from '../test/support/team-db';
import { closeBrowser } from '../test/e2e/harness';
import { until } from '../test/e2e/settle';
import { desktop, team } from '../test/e2e/team-desktops';
import type { Desktop } from '../test/e2e/team-desktops';

const MATRIX_DIR = 'test-results/screenshots';
const SIZES = [
  { width: 960, height: 600 },
  { width: 1360, height: 860 },
] as const;

async function openNote(d: Desktop, seqNo: number): Promise<void> {
  await d.page.locator(`.note-row[data-seqno="${seqNo}"]`).click();
  await d.page.getByTestId('team-pane').waitFor();
}

async function addMemo(d: Desktop, lang: 'ko' | 'en', body: string): Promise<void> {
  const t = translatorFor(lang);
  await d.page.getByLabel(t('inbox.team.thread.new')).fill(body);
  await d.page.getByRole('button', { name: t('inbox.team.thread.add') }).click();
  await d.page.locator('.memo-entry', { hasText: body }).waitFor();
}

/** Two pictures in one: the members' windows side by side, at their own size, on the page's background. */
async function sideBySide(page: Page, left: string, right: string, out: string): Promise<void> {
  const img = (file: string) => `data:image/png;base64,${readFileSync(file).toString('base64')}`;
  await page.setViewportSize({ width: 1360 * 2 + 24, height: 860 });
  await page.setContent(
    `<body style="margin:0;display:flex;gap:24px;background:#888"><img src="${img(left)}"><img src="${img(right)}"></body>`,
  );
  await page.screenshot({ path: out });
}

export async function shootTeam(): Promise<void> {
  mkdirSync(MATRIX_DIR, { recursive: true });
  const pg = await startPostgres();
  const closers: (() => Promise<void>)[] = [];
  const cleanup = { push: (close: () => Promise<void>) => void closers.push(close) };
  try {
    const db = await team(pg);
    const backend = createBackend({ seed: 42, now: TEST_NOW, notes: 2000 });
    const a = await desktop(cleanup, db.member('anna'), backend, { language: 'ko' });
    const b = await desktop(cleanup, db.member('ben'), backend, { language: 'en', locale: 'en-US' });
    const rows = await a.page
      .locator('.note-row')
      .evaluateAll((els) => els.map((e) => Number(e.dataset['seqno'])));
    const [first, second] = rows;
    if (first === undefined || second === undefined) throw new Error('the sandbox gave fewer than two notes');
    // Anna takes the first note and writes in its thread; Ben takes the second, then looks at Anna's.
    await openNote(a, first);
    await a.page.keyboard.press('i');
    await until(
      'the row to show B its assignee',
      async () => (await b.page.getByText(a.member.login).count()) > 0,
    );
    await openNote(b, second);
    await b.page.keyboard.press('i');
    await openNote(b, first);
    await addMemo(a, 'ko', '교환 요청: 사이즈 확인 후 회신 예정');
    await addMemo(b, 'en', 'Checked stock: size M is back on Monday');
    await until('A to see B at the note', async () => (await a.page.getByTestId('team-present').count()) > 0);
    await until('both threads to hold both memos', async () =>
      (await Promise.all([a, b].map((d) => d.page.locator('.memo-entry').count()))).every((n) => n === 2),
    );
    // The pane from its team part down (assignee, who else is here, then the thread), as a seller reads it.
    for (const d of [a, b]) await d.page.getByTestId('team-pane').evaluate((el) => el.scrollIntoView());
    await a.page.screenshot({ path: `${MATRIX_DIR}/team-anna.png` });
    await b.page.screenshot({ path: `${MATRIX_DIR}/team-ben.png` });
    await sideBySide(
      a.page,
      `${MATRIX_DIR}/team-anna.png`,
      `${MATRIX_DIR}/team-ben.png`,
      'docs/screenshots/team-side-by-side.png',
    );
    console.log('docs/screenshots/team-side-by-side.png');
    await a.page.setViewportSize({ width: 1360, height: 860 });
    await a.page.reload();
    await a.page.getByTestId('note-count').waitFor();
    for (const [d, lang] of [
      [a, 'ko'],
      [b, 'en'],
    ] as const) {
      await openNote(d, first);
      for (const scheme of ['light', 'dark'] as const) {
        await d.page.emulateMedia({ colorScheme: scheme });
        for (const size of SIZES) {
          await d.page.setViewportSize(size);
          const path = `${MATRIX_DIR}/team-${lang}-${scheme}-${size.width}x${size.height}.png`;
          await d.page.screenshot({ path });
          console.log(path);
        }
      }
      if (d.pageErrors.length > 0) throw d.pageErrors[0];
    }
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await closeBrowser();
    await closeClients();
    await pg.stop();
  }
}
