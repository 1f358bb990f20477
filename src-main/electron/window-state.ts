// Kept free of electron imports: main.ts passes in the displays' work areas.
import { join } from 'node:path';
import { readTextIfExists, writeFileAtomic } from '../storage/atomic-file';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const WINDOW_STATE_FILE = 'window-state.json';
export const DEFAULT_BOUNDS: WindowBounds = { width: 1360, height: 860, maximized: false };
export const MIN_SIZE = { width: 960, height: 600 };

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The saved bounds, or defaults when the file is missing or odd. A position is kept only when the window's
 * title bar would land on a display that still exists, so an unplugged monitor never hides the window.
 */
export function restoreBounds(raw: unknown, workAreas: readonly Rect[]): WindowBounds {
  if (!raw || typeof raw !== 'object') return { ...DEFAULT_BOUNDS };
  const r = raw as Record<string, unknown>;
  if (!num(r['width']) || !num(r['height'])) return { ...DEFAULT_BOUNDS };
  const width = Math.max(MIN_SIZE.width, Math.round(r['width']));
  const height = Math.max(MIN_SIZE.height, Math.round(r['height']));
  const maximized = r['maximized'] === true;
  if (num(r['x']) && num(r['y'])) {
    const x = Math.round(r['x']);
    const y = Math.round(r['y']);
    const visible = workAreas.some(
      (a) => x + 100 >= a.x && x + 100 <= a.x + a.width && y >= a.y && y + 20 <= a.y + a.height,
    );
    if (visible) return { x, y, width, height, maximized };
  }
  return { width, height, maximized };
}

export async function loadWindowState(dir: string, workAreas: readonly Rect[]): Promise<WindowBounds> {
  try {
    const text = await readTextIfExists(join(dir, WINDOW_STATE_FILE));
    return restoreBounds(text === undefined ? undefined : JSON.parse(text), workAreas);
  } catch {
    return { ...DEFAULT_BOUNDS };
  }
}

export function saveWindowState(dir: string, bounds: WindowBounds): Promise<void> {
  return writeFileAtomic(join(dir, WINDOW_STATE_FILE), JSON.stringify(bounds));
}
