// Point 8 of team mode: a single-desktop profile (no team database) shows none of the team's controls. Every
// team-only control carries `data-team-control` (its value names it: copy-link, member-figures, team-status,
// team-key, …), so one selector finds them all, whoever builds them; the team tests see them there
// (team-links.test.ts). Here the inbox with a note open, the insights page and the settings have none.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { translatorFor } from '../../src-renderer/app/message-registry';
import { createTestDeps } from '../support/host-deps';
import { cleanupAfterEach } from './cleanup';
import { closeBrowser } from './harness';
import { LONG, openInbox } from './inbox-app';

afterAll(closeBrowser);
const cleanup = cleanupAfterEach();
const t = translatorFor('ko');
const teamControls = (page: Page) => page.locator('[data-team-control]').count();

async function toPage(page: Page, nav: 'nav.insights' | 'nav.settings') {
  await page
    .getByRole('navigation')
    .getByRole('button', { name: new RegExp(`^${t(nav)}`) })
    .click();
}

describe('a single desktop', () => {
  it('shows no team control in the inbox, the note pane, the insights page or the settings', async () => {
    const app = await openInbox(createTestDeps(), cleanup);
    const { page } = app;
    await expect.poll(() => page.locator('.note-row').count(), LONG).toBeGreaterThan(0);
    await page.locator('.note-row').first().click();
    await page.locator('aside#note-detail').waitFor(LONG);
    // The pane is whole (its marks are read) before it is looked at.
    await page.getByLabel(t('inbox.local.handled')).waitFor(LONG);
    expect(await teamControls(page)).toBe(0);
    expect(await page.getByRole('button', { name: t('inbox.link.copy') }).count()).toBe(0);
    // The key does nothing either: no link is made.
    await page.getByTestId('note-list').focus();
    await page.keyboard.press('l');
    expect(app.calls.filter((c) => c.channel === 'links.copy')).toEqual([]);

    await toPage(page, 'nav.insights');
    await page.getByTestId('figure-reply-speed').waitFor(LONG);
    expect(await teamControls(page)).toBe(0);

    await toPage(page, 'nav.settings');
    await page.getByLabel(t('settings.language')).waitFor(LONG);
    expect(await teamControls(page)).toBe(0);
    expect(app.pageErrors).toEqual([]);
  }, 120_000);
});
