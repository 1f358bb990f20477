export interface AppInfo {
  name: string;
  version: string;
  /** 'electron' in the desktop app, 'web-test' under the Chromium E2E bridge, 'cli' for the CLI. */
  runtime: 'electron' | 'web-test' | 'cli';
  platform: string;
  /** BCP 47 locale the OS reports, used for the default UI language. */
  osLocale: string;
}

export interface AppContract {
  'app.info': { req: void; res: AppInfo };
  /** Opens an http(s) link in the seller's browser; anything else is refused with INVALID_ARGUMENT. */
  'shell.openExternal': { req: { url: string }; res: void };
  /**
   * Shows a file the app itself saved in this session in the OS file manager; any other path is refused with
   * NOT_FOUND (the renderer never gets to reveal arbitrary paths).
   */
  'shell.showItemInFolder': { req: { path: string }; res: void };
}

export const APP_CHANNELS = [
  'app.info',
  'shell.openExternal',
  'shell.showItemInFolder',
] as const satisfies readonly (keyof AppContract)[];
