import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BOUNDS,
  loadWindowState,
  restoreBounds,
  saveWindowState,
  WINDOW_STATE_FILE,
} from '../../../src-main/electron/window-state';

const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];

describe('window state', () => {
  it('round-trips bounds through the data directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'win-'));
    await saveWindowState(dir, { x: 40, y: 30, width: 1200, height: 800, maximized: true });
    expect(await loadWindowState(dir, screen)).toEqual({
      x: 40,
      y: 30,
      width: 1200,
      height: 800,
      maximized: true,
    });
  });

  it('falls back to defaults for a missing or broken file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'win-'));
    expect(await loadWindowState(dir, screen)).toEqual(DEFAULT_BOUNDS);
    writeFileSync(join(dir, WINDOW_STATE_FILE), '{oops');
    expect(await loadWindowState(dir, screen)).toEqual(DEFAULT_BOUNDS);
  });

  it('drops a position on a display that is gone and enforces the minimum size', () => {
    expect(restoreBounds({ x: 3000, y: 200, width: 500, height: 300 }, screen)).toEqual({
      width: 960,
      height: 600,
      maximized: false,
    });
  });
});
