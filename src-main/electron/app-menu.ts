import type { MenuItemConstructorOptions } from 'electron';

/** Standard roles give the platform's own labels and shortcuts (copy/paste, zoom, full screen, minimize). */
export function appMenuTemplate(
  platform: NodeJS.Platform,
  isPackaged: boolean,
): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  // Reload and devtools are for development only: a packaged app has nothing to debug for a seller.
  if (!isPackaged) view.unshift({ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' });
  const template: MenuItemConstructorOptions[] = [
    platform === 'darwin' ? { role: 'fileMenu' } : { label: 'File', submenu: [{ role: 'quit' }] },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
  ];
  if (platform === 'darwin') template.unshift({ role: 'appMenu' });
  return template;
}
