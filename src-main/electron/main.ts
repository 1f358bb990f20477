// The only module (with the preload) that imports electron. Everything it wires is tested elsewhere.
import {
  app,
  BrowserWindow,
  clipboard,
  dialog,
  ipcMain,
  Menu,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
} from 'electron';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHANNELS } from '../contract';
import { createDispatcher } from '../host/dispatch';
import { createHandlers, requestSchemas } from '../host/create-handlers';
import { assembleHost } from '../host/assemble-host';
import { timerScheduler } from '../host/auto-refresh';
import { linkFromArgv, NOTE_LINK_PROTOCOL } from '../host/note-link-route';
import { createSafeStorageVault } from '../storage/safe-storage-vault';
import { appMenuTemplate, menuLang, rebuildMenuOnLanguageChange } from './app-menu';
import type { MenuLang } from './app-menu';
import { rendererSource, userDataOverride } from './dev-overrides';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, appFileFor, rendererRoot } from './app-protocol';
import { CONTENT_SECURITY_POLICY, isAllowedPermission, isAppUrl } from './window-security';
import type { SecureWebPreferences } from './window-security';
import { loadWindowState, MIN_SIZE, saveWindowState } from './window-state';

// Development overrides (dev-overrides.ts) are read once, and never in a packaged app.
const launch = { isPackaged: app.isPackaged, env: process.env };
// Tests point an unpackaged app at a throwaway data directory; must happen before 'ready'.
const userDataDir = userDataOverride(launch);
if (userDataDir) app.setPath('userData', resolve(userDataDir));

if (!app.requestSingleInstanceLock()) {
  app.quit();
}

// Links to a note (sellerdesk://note/…): the OS opens them with this app. An unpackaged app registers the
// Electron binary with its entry script. The single-instance lock above sends a second launch's argv to this one.
// Reviewed scanner note: the handler only hands the URL to host/note-link-route.ts, which parses it strictly
// (src-shared/note-link.ts) before anything is looked up; anything else is refused with a message.
const protocolArgs = process.defaultApp && process.argv[1] !== undefined ? [resolve(process.argv[1])] : [];
app.setAsDefaultProtocolClient(NOTE_LINK_PROTOCOL, process.execPath, protocolArgs); // eng-disable PROTOCOL_HANDLER_JS_CHECK
// A link is held until the host is up, then routed there (host/note-link-route.ts) like the test bridge's.
const earlyLinks: string[] = [];
let deliverLink: ((raw: string) => void) | undefined;
function onLink(raw: string): void {
  if (deliverLink) deliverLink(raw);
  else earlyLinks.push(raw);
}
// macOS hands links by event (registered before 'ready': a link can start the app).
app.on('open-url', (event, url) => {
  event.preventDefault();
  onLink(url);
});

// The renderer's own scheme; privileges can only be granted before 'ready'.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } }]);

const here = fileURLToPath(new URL('.', import.meta.url));
let mainWindow: BrowserWindow | null = null;

const RENDERER_URL = rendererSource(launch);

function rendererUrl(): string {
  return RENDERER_URL;
}

async function createWindow(): Promise<void> {
  const dataDir = app.getPath('userData');
  const bounds = await loadWindowState(
    dataDir,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const win = new BrowserWindow({
    ...(bounds.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : {}),
    width: bounds.width,
    height: bounds.height,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: 'Seller Desk',
    // Written out literally (not returned by a helper) so static scanners see every option; `satisfies`
    // pins each value to the one window-security.ts declares and its unit test asserts.
    // The preload exposes one frozen allowlisted object (src-main/preload/build-api.ts), nothing of Node.
    webPreferences: {
      preload: join(here, '../preload/index.cjs'), // eng-disable PRELOAD_JS_CHECK
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
    } satisfies SecureWebPreferences,
  });
  mainWindow = win;
  win.once('ready-to-show', () => {
    if (bounds.maximized) win.maximize();
    win.show();
  });
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  win.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, rendererUrl())) event.preventDefault();
  });
  win.webContents.on('will-attach-webview', (event) => event.preventDefault());

  // Remember the normal (not maximized) bounds; written on close, when the seller is done arranging.
  win.on('close', () => {
    const b = win.getNormalBounds();
    void saveWindowState(dataDir, { ...b, maximized: win.isMaximized() }).catch((err: unknown) =>
      console.error('[window-state]', err),
    );
  });
  win.on('closed', () => {
    mainWindow = null;
  });
  await win.loadURL(rendererUrl());
}

app.on('second-instance', (_event, argv) => {
  if (mainWindow) {
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  }
  // Windows and Linux hand a link to the second launch's argv.
  const link = linkFromArgv(argv);
  if (link !== undefined) onLink(link);
});

// Any webContents created later (none are expected) gets the same locks as the main window.
app.on('web-contents-created', (_event, contents) => {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, rendererUrl())) event.preventDefault();
  });
});

void app.whenReady().then(async () => {
  // Only files of the built renderer, by the path rules of app-protocol.ts; the CSP travels with each page.
  const root = rendererRoot(here);
  protocol.handle(APP_SCHEME, async (request) => {
    const found = await appFileFor(request.url, root);
    if (!('file' in found)) return new Response(null, { status: found.status });
    return new Response(await readFile(found.file), {
      headers: {
        'content-type': found.contentType,
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
      },
    });
  });
  const osLocale = app.getPreferredSystemLanguages()[0] ?? app.getLocale();
  const showMenu = (lang: MenuLang) =>
    Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(process.platform, app.isPackaged, lang)));
  // The OS language until the settings are read; then the seller's choice, rebuilt whenever it is saved.
  const osMenuLang = menuLang('system', osLocale);
  showMenu(osMenuLang);
  // Copy buttons and desktop notifications need these two; everything else (camera, geolocation…) is refused.
  session.defaultSession.setPermissionRequestHandler((wc, permission, callback) =>
    callback(isAllowedPermission(permission, wc.getURL(), rendererUrl())),
  );
  session.defaultSession.setPermissionCheckHandler((_wc, permission, origin) =>
    isAllowedPermission(permission, origin, rendererUrl()),
  );
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    // The literal must equal CONTENT_SECURITY_POLICY (a unit test checks): scanners only read literals here.
    // Reviewed scanner notes: script-src 'self' only ever serves the app's own bundle (no JSONP, no uploads);
    // img-src allows http://127.0.0.1 for the built-in sandbox marketplace's images, which cannot run script.
    callback({
      responseHeaders: /* eng-disable CSP_GLOBAL_CHECK */ {
        ...details.responseHeaders,
        'Content-Security-Policy': [
          "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https: http://127.0.0.1:*; font-src 'self' data:; connect-src 'none'; frame-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'",
        ],
      },
    });
  });

  const dataDir = app.getPath('userData');
  const emit = (event: string, payload: unknown) => {
    mainWindow?.webContents.send(`desk:event:${event}`, payload);
  };
  const host = assembleHost({
    dataDir,
    appInfo: {
      name: 'Seller Desk',
      version: app.getVersion(),
      runtime: 'electron',
      platform: process.platform,
      osLocale,
    },
    vault: createSafeStorageVault(join(dataDir, 'vault'), safeStorage),
    // The host handler has already reduced the URL to an absolute http(s) href (see handlers/shell.ts).
    openExternal: (url) => shell.openExternal(url), // eng-disable OPEN_EXTERNAL_JS_CHECK
    emit: emit as never,
    warmDecoder: true,
    // Notes are refreshed in main on Settings' interval, whatever page the window shows.
    autoRefresh: { scheduler: timerScheduler },
    // A team database's password: the vault's, else PGPASSWORD or .pgpass, as libpq reads them.
    team: { env: launch.env },
  });
  // Links to a note: the ones that came before, the first launch's own, then each as it comes.
  deliverLink = (raw) => {
    void host.links?.deliver(raw).catch((err: unknown) => console.error('[links]', err));
  };
  const coldLink = linkFromArgv(process.argv);
  for (const raw of [...earlyLinks.splice(0), ...(coldLink === undefined ? [] : [coldLink])])
    deliverLink(raw);
  // Quitting waits for the notes mirrors to close: a clean close folds their write-ahead logs in, so the next start
  // opens them without the integrity check a crash calls for.
  let closed = false;
  app.on('will-quit', (event) => {
    if (closed) return;
    event.preventDefault();
    void host.close().finally(() => {
      closed = true;
      app.quit();
    });
  });
  const handlers = createHandlers({
    ...host,
    // The seller picks the path in the OS dialog; the renderer never names a path itself.
    saveFile: async (name, data) => {
      const defaultPath = join(app.getPath('downloads'), name);
      const r = mainWindow
        ? await dialog.showSaveDialog(mainWindow, { defaultPath })
        : await dialog.showSaveDialog({ defaultPath });
      if (r.canceled || !r.filePath) return undefined;
      await writeFile(r.filePath, data);
      return r.filePath;
    },
    // The same dialog for a file the app writes itself, a piece at a time (the inbox export).
    chooseSavePath: async (name) => {
      const defaultPath = join(app.getPath('downloads'), name);
      const r = mainWindow
        ? await dialog.showSaveDialog(mainWindow, { defaultPath })
        : await dialog.showSaveDialog({ defaultPath });
      return r.canceled || !r.filePath ? undefined : r.filePath;
    },
    // A note's link (handlers/team-links.ts): main writes the clipboard, the sandboxed page does not need to.
    copyText: (text) => clipboard.writeText(text),
    // The host has already checked the path is one this session saved (handlers/shell.ts).
    showItemInFolder: async (path) => shell.showItemInFolder(path),
    // The seller picks the file; the renderer never names a path. Too large a file is not even read.
    openFile: async (maxBytes) => {
      const options = {
        properties: ['openFile' as const],
        filters: [{ name: 'JSON', extensions: ['json'] }],
      };
      const r = mainWindow
        ? await dialog.showOpenDialog(mainWindow, options)
        : await dialog.showOpenDialog(options);
      const path = r.filePaths[0];
      if (r.canceled || !path) return undefined;
      if ((await stat(path)).size > maxBytes) return { data: new Uint8Array(), tooLarge: true };
      return { data: await readFile(path) };
    },
  });
  const saved = await host.settings.get().catch(() => undefined);
  const chosen = menuLang(saved?.settings.language, osLocale);
  if (chosen !== osMenuLang) showMenu(chosen);
  handlers['settings.update'] = rebuildMenuOnLanguageChange(
    handlers['settings.update'],
    chosen,
    osLocale,
    showMenu,
  );
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
  await createWindow();
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
