import { describe, expect, it } from 'vitest';
import type { Settings } from '../../../src-main/contract';
import {
  MENU_LABELS,
  appMenuTemplate,
  menuLang,
  rebuildMenuOnLanguageChange,
} from '../../../src-main/electron/app-menu';
import type { MenuLang } from '../../../src-main/electron/app-menu';

type MenuItemConstructorOptions = ReturnType<typeof appMenuTemplate>[number];

function walk(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? walk(i.submenu) : [])]);
}
const roles = (t: MenuItemConstructorOptions[]) => walk(t).flatMap((i) => (i.role ? [i.role] : []));
const labels = (t: MenuItemConstructorOptions[]) =>
  walk(t)
    .filter((i) => i.type !== 'separator')
    .map((i) => i.label);

describe('the application menu speaks the seller language', () => {
  it('takes the language setting, and the OS locale when the setting is "system"', () => {
    expect(menuLang('ko', 'en-US')).toBe('ko');
    expect(menuLang('en', 'ko-KR')).toBe('en');
    expect(menuLang('system', 'ko-KR')).toBe('ko');
    expect(menuLang('system', 'ko')).toBe('ko');
    expect(menuLang('system', 'en-GB')).toBe('en');
    expect(menuLang(undefined, 'ko-KR')).toBe('ko');
    expect(menuLang('system', undefined)).toBe('en');
  });

  for (const platform of ['win32', 'linux', 'darwin'] as const) {
    it(`labels every item in Korean or English on ${platform}, keeping the standard roles`, () => {
      const ko = appMenuTemplate(platform, true, 'ko');
      const en = appMenuTemplate(platform, true, 'en');
      const top = (t: MenuItemConstructorOptions[]) => t.map((i) => i.label);
      expect(top(ko)).toEqual([
        ...(platform === 'darwin' ? ['셀러 데스크'] : []),
        '파일',
        '편집',
        '보기',
        '창',
      ]);
      expect(top(en)).toEqual([
        ...(platform === 'darwin' ? ['Seller Desk'] : []),
        'File',
        'Edit',
        'View',
        'Window',
      ]);
      // Every item has a label of its language: none left for Electron to word in English.
      for (const label of labels(ko)) expect(label).toMatch(/[가-힣]/);
      for (const label of labels(en)) expect(label).toMatch(/^[A-Z][A-Za-z /]+$/);
      // The same roles either way: behaviour and shortcuts come from the platform.
      expect(roles(ko)).toEqual(roles(en));
      expect(roles(ko)).toEqual(
        expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'zoomIn', 'zoomOut']),
      );
      expect(roles(ko)).toEqual(
        expect.arrayContaining(['resetZoom', 'togglefullscreen', 'minimize', 'quit']),
      );
      expect(roles(ko)).not.toContain('toggleDevTools');
    });
  }

  it('offers reload and devtools only to a development build', () => {
    expect(roles(appMenuTemplate('win32', false, 'ko'))).toEqual(
      expect.arrayContaining(['reload', 'toggleDevTools']),
    );
    expect(roles(appMenuTemplate('win32', true, 'ko'))).not.toContain('reload');
  });

  it('has every label in both languages', () => {
    expect(Object.keys(MENU_LABELS.en).sort()).toEqual(Object.keys(MENU_LABELS.ko).sort());
  });

  it('rebuilds the menu when a saved language changes it, and only then', async () => {
    const applied: MenuLang[] = [];
    let next: Settings['language'] = 'ko';
    const update = async (_patch: unknown) => ({ language: next }) as Settings;
    const wrapped = rebuildMenuOnLanguageChange(update, 'ko', 'ko-KR', (l) => applied.push(l));

    await wrapped({});
    expect(applied).toEqual([]);
    next = 'en';
    expect((await wrapped({})).language).toBe('en');
    expect(applied).toEqual(['en']);
    await wrapped({});
    expect(applied).toEqual(['en']);
    // "system" on a Korean OS is Korean again.
    next = 'system';
    await wrapped({});
    expect(applied).toEqual(['en', 'ko']);

    // A save that fails changes nothing.
    const failing = rebuildMenuOnLanguageChange(
      async (_patch: unknown): Promise<Settings> => {
        throw new Error('refused');
      },
      'ko',
      'ko-KR',
      (l) => applied.push(l),
    );
    await expect(failing({})).rejects.toThrow('refused');
    expect(applied).toEqual(['en', 'ko']);
  });
});
