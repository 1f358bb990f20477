// Settings catch mistakes where they are made: every invalid field marked at once in the seller's language,
// unsaved drafts (a profile, a typed ticket) kept across a page change, an error gone once the action it
// reported is retried or superseded, and the sandbox saying it needs no tickets.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import { toDeskError } from '../../src-main/host/dispatch';
import { createTestDeps } from '../support/host-deps';
import { closeBrowser, openApp } from './harness';
import { closedPort, useLiveProfile } from './live-profile';

afterAll(closeBrowser);

const ctx = { signal: new AbortController().signal, emit: () => {} };
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 50 });

async function openSettings(lang: 'ko' | 'en' = 'ko') {
  const deps = createTestDeps({ osLocale: lang === 'ko' ? 'ko-KR' : 'en-US', sandbox: { notes: 10 } });
  const handlers = createHandlers(deps);
  return { deps, handlers };
}

const editor = (page: Page) => page.getByRole('form', { name: '프로필 편집' });
const invalidFields = (page: Page) =>
  editor(page)
    .locator('[aria-invalid="true"]')
    .evaluateAll((els) => els.map((e) => e.id));

async function fillValidProfile(page: Page) {
  const form = editor(page);
  await form.getByLabel('이름').fill('내 상점');
  await form.getByLabel('API 주소').fill('https://api.shop.example');
  await form.getByLabel('추천어 서비스 주소').fill('https://suggest.shop.example');
  await form.getByLabel('네임스페이스 루트').fill('http://api.shop.example');
  await form.getByLabel('스키마 루트').fill('http://schema.shop.example');
}

describe('settings forms in Chromium', () => {
  it('marks three invalid fields at once, in Korean, and saves nothing', async () => {
    const { deps, handlers } = await openSettings();
    const app = await openApp({ handlers, schemas: requestSchemas });
    const { page } = app;
    await page.getByRole('button', { name: '설정' }).click();
    await page.getByRole('button', { name: '라이브 프로필 추가' }).click();
    await fillValidProfile(page);
    const form = editor(page);
    await form.getByLabel('이름').fill('');
    await form.getByLabel('API 주소').fill('ftp://api.shop.example');
    await form.getByLabel('네임스페이스 루트').fill('<<>>');
    await form.getByRole('button', { name: '저장' }).click();

    await poll(() => invalidFields(page)).toEqual(['pf-name', 'pf-apiBaseUrl', 'pf-nsRoot']);
    const message = (id: string) => page.locator(`#${id}-error`).textContent();
    expect(await message('pf-name')).toBe('비어 있습니다 — 값을 입력하세요.');
    expect(await message('pf-apiBaseUrl')).toBe(
      'http:// 또는 https://로 시작하고 사용자 이름·비밀번호가 없는 주소를 입력하세요. 예: https://api.example-market.co.kr',
    );
    expect(await message('pf-nsRoot')).toBe('절대 URI를 입력하세요. 예: http://schema.example-market.co.kr');
    // Each mark is tied to its field for assistive technology, and focus goes to the first.
    expect(await page.locator('#pf-nsRoot').getAttribute('aria-describedby')).toBe('pf-nsRoot-error');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pf-name');
    const alert = form.getByRole('alert');
    expect(await alert.locator('.error-headline').textContent()).toBe(
      '받을 수 없는 값이 있음 — 표시된 항목을 고친 뒤 다시 저장',
    );
    expect(await alert.textContent()).toContain('고칠 항목 3개: 이름, API 주소 및 네임스페이스 루트');
    expect(await page.content()).not.toMatch(/profiles\.\d+\.|a live profile needs/);
    const { settings } = await handlers['settings.get'](undefined, ctx);
    expect(settings.profiles.map((p) => p.id)).toEqual(['sandbox']);

    // A mark goes as soon as its field changes; the field left with a mistake is marked at once.
    await form.getByLabel('이름').fill('내 상점');
    await poll(() => invalidFields(page)).toEqual(['pf-apiBaseUrl', 'pf-nsRoot']);
    await form.getByLabel('스키마 루트').fill('schema.shop.example');
    await form.getByLabel('스키마 루트').blur();
    await poll(() => invalidFields(page)).toEqual(['pf-apiBaseUrl', 'pf-nsRoot', 'pf-schemaRoot']);
    expect(app.pageErrors).toEqual([]);
    await app.close();
    await deps.close();
  });

  it('refuses a seller ID with a space and an answer page with a placeholder in its host, each saying its rule', async () => {
    const { deps, handlers } = await openSettings();
    const app = await openApp({ handlers, schemas: requestSchemas });
    const { page } = app;
    await page.getByRole('button', { name: '설정' }).click();
    await page.getByRole('button', { name: '라이브 프로필 추가' }).click();
    await fillValidProfile(page);
    const form = editor(page);
    const message = (id: string) => page.locator(`#${id}-error`).textContent();
    // Marked as soon as the field is left, before any save.
    await form.getByLabel('판매자 ID(쉼표로 구분)').fill('gangnam_style, seoul mart');
    await form.getByLabel('판매자 ID(쉼표로 구분)').blur();
    await poll(() => invalidFields(page)).toEqual(['pf-sellerIds']);
    expect(await message('pf-sellerIds')).toBe(
      '판매자 ID에는 공백과 < > " \' & 문자를 쓸 수 없습니다. 여러 ID는 쉼표로 구분하세요. 예: gangnam_style, seoul_mart',
    );
    await form.getByLabel('마켓 답변 페이지 주소').fill('https://{SellerID}.market.example/notes/{SeqNo}');
    await form.getByRole('button', { name: '저장' }).click();
    await poll(() => invalidFields(page)).toEqual(['pf-answerPageUrl', 'pf-sellerIds']);
    // Not "must start with http(s)://": it does; what it may not do is put a value in the host.
    expect(await message('pf-answerPageUrl')).toBe(
      'http:// 또는 https://로 시작하는 주소를 입력하세요. 호스트(와 포트)는 그대로 적고, {SeqNo}, {OrderNo}, {ItemNo}, {SellerID}는 호스트 뒤의 경로나 ?, # 뒤에만 쓸 수 있으며, 사용자 이름과 비밀번호는 넣을 수 없습니다. 예: https://soho.example-market.co.kr/notes/{SeqNo}?seller={SellerID}',
    );
    const { settings } = await handlers['settings.get'](undefined, ctx);
    expect(settings.profiles.map((p) => p.id)).toEqual(['sandbox']);

    // Corrected, both save: the seller IDs as typed, one per comma.
    await form.getByLabel('판매자 ID(쉼표로 구분)').fill('gangnam_style, seoul_mart');
    await form.getByLabel('마켓 답변 페이지 주소').fill('https://market.example/notes/{SeqNo}?s={SellerID}');
    await form.getByRole('button', { name: '저장' }).click();
    await poll(async () => (await handlers['settings.get'](undefined, ctx)).settings.profiles.length).toBe(2);
    const saved = (await handlers['settings.get'](undefined, ctx)).settings.profiles[1]!;
    expect(saved.sellerIds).toEqual(['gangnam_style', 'seoul_mart']);
    expect(saved.answerPageUrl).toBe('https://market.example/notes/{SeqNo}?s={SellerID}');
    expect(app.pageErrors).toEqual([]);
    await app.close();
    await deps.close();
  });

  it('tells the answer-page rule in English too', async () => {
    const { deps, handlers } = await openSettings('en');
    const app = await openApp({ handlers, schemas: requestSchemas, locale: 'en-US' });
    const { page } = app;
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Add live profile' }).click();
    const form = page.getByRole('form', { name: 'Edit profile' });
    await form.getByLabel('Answer page address').fill('https://{SellerID}.market.example/');
    await form.getByLabel('Answer page address').blur();
    await poll(() => page.locator('#pf-answerPageUrl-error').textContent()).toBe(
      'Enter an http:// or https:// address with its host (and port) written out: {SeqNo}, {OrderNo}, {ItemNo} and {SellerID} may stand only after the host, in the path or after ? or #, and it holds no user name or password. E.g. https://soho.example-market.co.kr/notes/{SeqNo}?seller={SellerID}',
    );
    await form.getByLabel('Seller IDs (comma separated)').fill('seoul mart');
    await form.getByLabel('Seller IDs (comma separated)').blur();
    await poll(() => page.locator('#pf-sellerIds-error').textContent()).toBe(
      'A seller ID has no spaces and none of < > " \' &; separate several IDs with commas, e.g. gangnam_style, seoul_mart',
    );
    await app.close();
    await deps.close();
  });

  it('refuses a namespace root that is not an absolute URI where it is saved too', async () => {
    const { deps, handlers } = await openSettings();
    const err = await handlers['settings.update'](
      {
        profiles: [
          (await handlers['settings.get'](undefined, ctx)).settings.profiles[0]!,
          {
            id: 'shop',
            name: '내 상점',
            kind: 'live',
            apiBaseUrl: 'https://api.shop.example',
            suggestBaseUrl: 'https://suggest.shop.example',
            nsRoot: '<<>>',
            schemaRoot: 'http://schema.shop.example',
            suggestNamespace: 'ns',
            soapVersion: '1.1',
            pageIndexBase: 1,
            timeoutMs: 30_000,
            sellerIds: [],
          },
        ],
      },
      ctx,
    ).catch((e: unknown) => e);
    expect(toDeskError(err)).toMatchObject({
      code: 'INVALID_ARGUMENT',
      issues: [{ path: ['profiles', 1, 'nsRoot'], rule: 'absolute-uri' }],
    });
    await deps.close();
  });

  it('keeps an unsaved profile and a typed ticket when the seller visits another page', async () => {
    const { deps, handlers } = await openSettings();
    await useLiveProfile(deps, handlers, {
      apiBaseUrl: 'https://api.shop.example',
      suggestBaseUrl: 'https://suggest.shop.example',
      nsRoot: 'http://api.shop.example',
      schemaRoot: 'http://schema.shop.example',
    });
    const app = await openApp({ handlers, schemas: requestSchemas });
    const { page } = app;
    await page.getByRole('button', { name: '설정' }).click();
    await page.getByRole('button', { name: '라이브 프로필 추가' }).click();
    await editor(page).getByLabel('이름').fill('두 번째 상점');
    await editor(page).getByLabel('API 주소').fill('https://api.second.example');
    await page.getByLabel('회원 티켓').fill('MEMBER-TYPED-NOT-SAVED');

    await page.getByRole('button', { name: '키워드' }).click();
    await poll(() => page.locator('h1').textContent()).toBe('키워드 탐색');
    // The sidebar says something is waiting in Settings.
    expect(await page.getByRole('img', { name: '저장하지 않은 입력이 있습니다' }).count()).toBe(1);

    await page.getByRole('button', { name: '설정' }).click();
    await poll(() => editor(page).isVisible()).toBe(true);
    expect(await editor(page).getByLabel('이름').inputValue()).toBe('두 번째 상점');
    expect(await editor(page).getByLabel('API 주소').inputValue()).toBe('https://api.second.example');
    expect(await editor(page).textContent()).toContain('저장하지 않은 입력을 이어서 편집합니다.');
    expect(await page.getByLabel('회원 티켓').inputValue()).toBe('MEMBER-TYPED-NOT-SAVED');

    // Saved or cancelled, the drafts are gone.
    await editor(page).getByRole('button', { name: '취소' }).click();
    await page.getByRole('button', { name: '티켓 저장' }).click();
    await poll(() => page.getByTestId('vault-member-presence').textContent()).toBe('저장됨');
    expect(await page.getByLabel('회원 티켓').inputValue()).toBe('');
    expect(await page.getByRole('img', { name: '저장하지 않은 입력이 있습니다' }).count()).toBe(0);
    expect(app.pageErrors).toEqual([]);
    await app.close();
    await deps.close();
  });

  it('clears an error once the action it reported is retried or superseded', async () => {
    const { deps, handlers } = await openSettings();
    const port = await closedPort();
    await useLiveProfile(deps, handlers, {
      apiBaseUrl: `http://127.0.0.1:${port}`,
      suggestBaseUrl: `http://127.0.0.1:${port}`,
      nsRoot: 'http://api.shop.example',
      schemaRoot: 'http://schema.shop.example',
    });
    const app = await openApp({ handlers, schemas: requestSchemas });
    const { page } = app;
    await page.getByRole('button', { name: '설정' }).click();
    const alerts = page.locator('main [role="alert"]');

    // A refused number is marked where it was typed; the next good one clears it.
    await page.getByLabel('답변 기한').fill('999');
    await page.getByLabel('답변 기한').press('Enter');
    await poll(() => page.locator('#set-sla-error').textContent()).toBe('336 이하로 입력하세요.');
    await poll(() => alerts.count()).toBe(1);
    await page.getByLabel('답변 기한').fill('48');
    await page.getByLabel('답변 기한').press('Enter');
    await poll(() => alerts.count()).toBe(0);
    await poll(async () => (await handlers['settings.get'](undefined, ctx)).settings.replySlaHours).toBe(48);
    expect(await page.getByLabel('답변 기한').inputValue()).toBe('48');

    // A failed profile save, then the corrected save: no alert is left over.
    await page.getByRole('button', { name: '라이브 프로필 추가' }).click();
    await editor(page).getByRole('button', { name: '저장' }).click();
    await poll(() => alerts.count()).toBe(1);
    await fillValidProfile(page);
    await editor(page).getByRole('button', { name: '저장' }).click();
    await poll(() => editor(page).count()).toBe(0);
    await poll(() => alerts.count()).toBe(0);

    // A failed connection test is superseded by using another profile.
    await page.getByRole('button', { name: '연결 테스트' }).click();
    await poll(() => page.getByTestId('connection-test-market').getAttribute('data-ok')).toBe('false');
    expect(await alerts.count()).toBe(2);
    await page
      .getByRole('row', { name: /샌드박스/ })
      .getByRole('button', { name: '사용' })
      .click();
    await poll(() => alerts.count()).toBe(0);
    await poll(() => page.getByTestId('vault-sandbox').isVisible()).toBe(true);
    expect(app.pageErrors).toEqual([]);
    await app.close();
    await deps.close();
  });

  it('says the sandbox needs no tickets instead of offering empty ticket fields', async () => {
    const { deps, handlers } = await openSettings('en');
    const app = await openApp({ handlers, schemas: requestSchemas, locale: 'en-US' });
    const { page } = app;
    await page.getByRole('button', { name: 'Settings' }).click();
    await poll(() => page.getByTestId('vault-sandbox').textContent()).toContain(
      'there are no tickets to enter',
    );
    expect(await page.getByLabel('Auth ticket').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save tickets' }).count()).toBe(0);
    expect(await page.locator('.vault-section, .presence.absent').count()).toBe(0);
    await app.close();
    await deps.close();
  });

  it('offers the sandbox profile its team database alone, checked as the host checks it, and saves it', async () => {
    const { deps, handlers } = await openSettings();
    const app = await openApp({ handlers, schemas: requestSchemas });
    const { page } = app;
    await page.getByRole('button', { name: '설정' }).click();
    await page.getByRole('button', { name: '편집' }).click();
    const form = editor(page);
    const field = form.getByLabel('팀 데이터베이스 (팀 모드)');
    // The sandbox's endpoint is built in: the team database is its one field.
    expect(await form.locator('input, select').count()).toBe(1);
    await field.fill('postgres://anna:secret@127.0.0.1/shop');
    await form.getByRole('button', { name: '저장' }).click();
    await poll(() => invalidFields(page)).toEqual(['pf-teamUrl']);
    // A team database nobody answers at: the field does not need it.
    const teamUrl = `postgres://anna@127.0.0.1:${await closedPort()}/shop?team=north`;
    await field.fill(teamUrl);
    await form.getByRole('button', { name: '저장' }).click();
    await poll(() => editor(page).count()).toBe(0);
    const { settings } = await deps.settings.get();
    expect(settings.profiles.find((p) => p.kind === 'sandbox')?.teamUrl).toBe(teamUrl);
    expect(app.pageErrors).toEqual([]);
    await app.close();
    await deps.close();
  });

  it("takes the sandbox's team database password once it names one: masked, never shown again, Korean and English", async () => {
    const { deps, handlers } = await openSettings();
    const app = await openApp({ handlers, schemas: requestSchemas });
    const { page } = app;
    await page.getByRole('button', { name: '설정' }).click();
    await poll(() => page.getByTestId('vault-sandbox').count()).toBe(1);
    // Without a team database the sandbox has nothing to keep.
    expect(await page.getByLabel('팀 데이터베이스 비밀번호').count()).toBe(0);
    // A newcomer names the team database (nobody answers there: the form does not need it) ...
    await page.getByRole('button', { name: '편집' }).click();
    const teamUrl = `postgres://anna@127.0.0.1:${await closedPort()}/shop?team=north`;
    await editor(page).getByLabel('팀 데이터베이스 (팀 모드)').fill(teamUrl);
    await editor(page).getByRole('button', { name: '저장' }).click();
    await poll(() => editor(page).count()).toBe(0);
    // ... and its password, in a masked field, next to what the vault keeps.
    const field = page.getByLabel('팀 데이터베이스 비밀번호');
    await poll(() => field.count()).toBe(1);
    expect(await field.getAttribute('type')).toBe('password');
    await poll(() => page.getByTestId('vault-teamPassword-presence').textContent()).toBe('없음');
    expect(await page.getByLabel('인증 티켓').count()).toBe(0);
    const password = 'Team DB pass 7x! ';
    await field.fill(password);
    await page.getByRole('button', { name: '비밀번호 저장' }).click();
    await poll(() => page.getByTestId('vault-teamPassword-presence').textContent()).toBe('저장됨');
    expect(await field.inputValue()).toBe('');
    expect(await page.content()).not.toContain(password.trim());
    // Kept as typed, in the vault; the settings keep the address alone.
    expect((await deps.vault.get('sandbox')).teamPassword).toBe(password);
    const { settings } = await deps.settings.get();
    expect(JSON.stringify(settings)).not.toContain(password.trim());
    expect(settings.profiles.find((p) => p.kind === 'sandbox')?.teamUrl).toBe(teamUrl);

    // In English, the same field; forgetting it leaves nothing kept.
    await page.getByLabel('언어').selectOption('en');
    await poll(() => page.getByTestId('vault-teamPassword-presence').textContent()).toBe('present');
    expect(await page.getByLabel('Team database password').getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Forget password' }).click();
    await poll(() => page.getByTestId('vault-teamPassword-presence').textContent()).toBe('absent');
    expect((await deps.vault.get('sandbox')).teamPassword).toBeUndefined();
    expect(await page.getByRole('button', { name: 'Save password' }).count()).toBe(1);
    expect(app.pageErrors).toEqual([]);
    await app.close();
    await deps.close();
  });
});
