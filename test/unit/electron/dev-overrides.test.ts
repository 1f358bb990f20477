import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL } from '../../../src-main/electron/app-protocol';
import { rendererSource, userDataOverride } from '../../../src-main/electron/dev-overrides';

const env = { ELECTRON_RENDERER_URL: 'https://attacker.example/', SELLER_DESK_USER_DATA: '/tmp/elsewhere' };

describe('development overrides', () => {
  it('are ignored by a packaged app: it loads its own renderer and keeps its data folder', () => {
    expect(rendererSource({ isPackaged: true, env })).toBe(APP_ENTRY_URL);
    expect(userDataOverride({ isPackaged: true, env })).toBeUndefined();
  });

  it('are honoured in development, and an empty variable is no override', () => {
    expect(rendererSource({ isPackaged: false, env })).toBe('https://attacker.example/');
    expect(userDataOverride({ isPackaged: false, env })).toBe('/tmp/elsewhere');
    expect(rendererSource({ isPackaged: false, env: {} })).toBe(APP_ENTRY_URL);
    expect(rendererSource({ isPackaged: false, env: { ELECTRON_RENDERER_URL: '' } })).toBe(APP_ENTRY_URL);
    expect(userDataOverride({ isPackaged: false, env: { SELLER_DESK_USER_DATA: '' } })).toBeUndefined();
  });
});
