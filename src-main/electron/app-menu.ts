import type { MenuItemConstructorOptions } from 'electron';
import type { Settings } from '../contract';

export type MenuLang = 'ko' | 'en';

/** The menu speaks the app's language: the setting, or the OS locale when the setting is "system" (as the UI). */
export function menuLang(language: Settings['language'] | undefined, osLocale: string | undefined): MenuLang {
  if (language === 'ko' || language === 'en') return language;
  return osLocale?.toLowerCase().startsWith('ko') ? 'ko' : 'en';
}

type Label =
  | 'app'
  | 'file'
  | 'edit'
  | 'view'
  | 'window'
  | 'about'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'quit'
  | 'close'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'pasteAndMatchStyle'
  | 'delete'
  | 'selectAll'
  | 'reload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'minimize'
  | 'zoom'
  | 'front';

export const MENU_LABELS: Readonly<Record<MenuLang, Readonly<Record<Label, string>>>> = {
  ko: {
    app: '셀러 데스크',
    file: '파일',
    edit: '편집',
    view: '보기',
    window: '창',
    about: '셀러 데스크 정보',
    services: '서비스',
    hide: '셀러 데스크 가리기',
    hideOthers: '기타 가리기',
    unhide: '모두 보기',
    quit: '셀러 데스크 종료',
    close: '창 닫기',
    undo: '실행 취소',
    redo: '다시 실행',
    cut: '잘라내기',
    copy: '복사',
    paste: '붙여넣기',
    pasteAndMatchStyle: '스타일 맞춰 붙여넣기',
    delete: '삭제',
    selectAll: '모두 선택',
    reload: '새로 고침',
    toggleDevTools: '개발자 도구',
    resetZoom: '실제 크기',
    zoomIn: '확대',
    zoomOut: '축소',
    togglefullscreen: '전체 화면',
    minimize: '최소화',
    zoom: '확대/축소',
    front: '모두 앞으로 가져오기',
  },
  en: {
    app: 'Seller Desk',
    file: 'File',
    edit: 'Edit',
    view: 'View',
    window: 'Window',
    about: 'About Seller Desk',
    services: 'Services',
    hide: 'Hide Seller Desk',
    hideOthers: 'Hide Others',
    unhide: 'Show All',
    quit: 'Quit Seller Desk',
    close: 'Close Window',
    undo: 'Undo',
    redo: 'Redo',
    cut: 'Cut',
    copy: 'Copy',
    paste: 'Paste',
    pasteAndMatchStyle: 'Paste and Match Style',
    delete: 'Delete',
    selectAll: 'Select All',
    reload: 'Reload',
    toggleDevTools: 'Developer Tools',
    resetZoom: 'Actual Size',
    zoomIn: 'Zoom In',
    zoomOut: 'Zoom Out',
    togglefullscreen: 'Toggle Full Screen',
    minimize: 'Minimize',
    zoom: 'Zoom',
    front: 'Bring All to Front',
  },
};

/**
 * Standard roles give the platform's behaviour and shortcuts (copy/paste, zoom, full screen, minimize); each
 * carries a label in the seller's language, since Electron words its role labels in English outside macOS.
 */
export function appMenuTemplate(
  platform: NodeJS.Platform,
  isPackaged: boolean,
  lang: MenuLang = 'ko',
): MenuItemConstructorOptions[] {
  const l = MENU_LABELS[lang];
  const mac = platform === 'darwin';
  const item = (
    role: Label & NonNullable<MenuItemConstructorOptions['role']>,
  ): MenuItemConstructorOptions => ({
    role,
    label: l[role],
  });
  const sep: MenuItemConstructorOptions = { type: 'separator' };

  const view: MenuItemConstructorOptions[] = [
    item('resetZoom'),
    item('zoomIn'),
    item('zoomOut'),
    sep,
    item('togglefullscreen'),
  ];
  // Reload and devtools are for development only: a packaged app has nothing to debug for a seller.
  if (!isPackaged) view.unshift(item('reload'), item('toggleDevTools'), sep);

  const edit: MenuItemConstructorOptions[] = [
    item('undo'),
    item('redo'),
    sep,
    item('cut'),
    item('copy'),
    item('paste'),
    ...(mac ? [item('pasteAndMatchStyle')] : []),
    item('delete'),
    sep,
    item('selectAll'),
  ];
  const windowMenu: MenuItemConstructorOptions[] = mac
    ? [item('minimize'), item('zoom'), sep, item('front')]
    : [item('minimize'), item('close')];

  const template: MenuItemConstructorOptions[] = [
    { label: l.file, submenu: [mac ? item('close') : item('quit')] },
    { label: l.edit, submenu: edit },
    { label: l.view, submenu: view },
    { label: l.window, role: 'window', submenu: windowMenu },
  ];
  if (mac) {
    template.unshift({
      label: l.app,
      submenu: [
        item('about'),
        sep,
        { role: 'services', label: l.services },
        sep,
        item('hide'),
        item('hideOthers'),
        item('unhide'),
        sep,
        item('quit'),
      ],
    });
  }
  return template;
}

/**
 * Wraps the 'settings.update' handler so that a saved language rebuilds the menu at once. `apply` is the one
 * Electron call (Menu.setApplicationMenu); it runs after the save succeeded, and only when the language the menu
 * speaks changed.
 */
export function rebuildMenuOnLanguageChange<A extends unknown[]>(
  update: (...args: A) => Promise<Settings>,
  initial: MenuLang,
  osLocale: string | undefined,
  apply: (lang: MenuLang) => void,
): (...args: A) => Promise<Settings> {
  let shown = initial;
  return async (...args) => {
    const saved = await update(...args);
    const lang = menuLang(saved.language, osLocale);
    if (lang !== shown) {
      shown = lang;
      apply(lang);
    }
    return saved;
  };
}
