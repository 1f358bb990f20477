// What the environment may change about the app, and only in development: a packaged app loads its own renderer
// from app:// and keeps its data where the OS puts it, whatever variables it is started with. An environment
// variable that chose the renderer's URL would also choose which origin passes the IPC sender check, handing any
// web page the whole `window.desk` bridge, tickets included: the local attack the packaged app's fuses close.
// Kept free of electron imports so a unit test can call it; main.ts passes `app.isPackaged` and `process.env`.
import { APP_ENTRY_URL } from './app-protocol';

export interface LaunchContext {
  isPackaged: boolean;
  env: Readonly<Record<string, string | undefined>>;
}

/** The URL the window loads and the only origin IPC answers: the dev server's only in an unpackaged app. */
export function rendererSource({ isPackaged, env }: LaunchContext): string {
  if (isPackaged) return APP_ENTRY_URL;
  return env['ELECTRON_RENDERER_URL'] || APP_ENTRY_URL;
}

/** The data folder tests point an unpackaged app at (SELLER_DESK_USER_DATA); undefined in a packaged app. */
export function userDataOverride({ isPackaged, env }: LaunchContext): string | undefined {
  if (isPackaged) return undefined;
  return env['SELLER_DESK_USER_DATA'] || undefined;
}
