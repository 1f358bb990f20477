// The only module (with the preload) that imports electron. Everything it wires is tested elsewhere.
import { app, BrowserWindow, ipcMain, session, shell } from 'electron';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHANNELS } from '../contract';
import { createDispatcher } from '../host/dispatch';
import { createHandlers, requestSchemas } from '../host/create-handlers';
import { secureWebPreferences, isAppUrl, CONTENT_SECURITY_POLICY } from './window-security';

if (!app.requestSingleInstanceLock()) {
  app.quit();
}

const here = fileURLToPath(new URL('.', import.meta.url));
let mainWindow: BrowserWindow | null = null;

function rendererUrl(): string {
  const dev = process.env['ELECTRON_RENDERER_URL'];
  return dev ?? `file://${join(here, '../renderer/index.html')}`;
}

async function createWindow(): Promise<void> {
  const win = new BrowserWindow({
    width: 1360,
    height: 860,
    minWidth: 960,
    minHeight: 600,
    show: false,
    title: 'Seller Desk',
    webPreferences: secureWebPreferences(join(here, '../preload/index.cjs')),
  });
  mainWindow = win;
  win.once('ready-to-show', () => win.show());
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  win.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, rendererUrl())) event.preventDefault();
  });
  win.on('closed', () => {
    mainWindow = null;
  });
  await win.loadURL(rendererUrl());
}

app.on('second-instance', () => {
  if (mainWindow) {
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  }
});

void app.whenReady().then(async () => {
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });

  const emit = (event: string, payload: unknown) => {
    mainWindow?.webContents.send(`desk:event:${event}`, payload);
  };
  const handlers = createHandlers({
    appInfo: {
      name: 'Seller Desk',
      version: app.getVersion(),
      runtime: 'electron',
      platform: process.platform,
      osLocale: app.getPreferredSystemLanguages()[0] ?? app.getLocale(),
    },
  });
  const dispatcher = createDispatcher(handlers, requestSchemas, emit as never, (channel, err) =>
    console.error(`[${channel}]`, err),
  );
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, req: unknown, callId: unknown) => {
      if (!event.senderFrame || !isAppUrl(event.senderFrame.url, rendererUrl())) {
        return {
          ok: false,
          error: { code: 'INVALID_ARGUMENT', message: 'Call from an untrusted frame refused.' },
        };
      }
      return dispatcher.dispatch(channel, req, typeof callId === 'string' ? callId : null);
    });
  }
  ipcMain.on('desk:abort', (event, callId: unknown) => {
    if (event.senderFrame && isAppUrl(event.senderFrame.url, rendererUrl()) && typeof callId === 'string') {
      dispatcher.abort(callId);
    }
  });
  void shell; // openExternal is wired through the host's validated handler
  await createWindow();
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
