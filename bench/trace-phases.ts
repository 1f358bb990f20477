// Where a keystroke's time goes on the renderer's main thread, read from a Chromium trace (Playwright's
// browser.startTracing): per keystroke, from its keydown to the end of the first frame after it.
import { median } from './stats';

export interface Phases {
  keystrokes: number;
  /** Keydown to the end of its frame. */
  total: number;
  /** Tasks other than the frame's rendering: input handling, React's render and commit, the probe. */
  script: number;
  style: number;
  layout: number;
  /** Pre-paint, paint, layerize and the commit to the compositor. */
  paint: number;
  /** The main thread waiting (for the frame to begin). */
  idle: number;
}

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  args?: { data?: { type?: string } };
}

/** Input events and rendering phases; `benchmark` carries the frame (ProxyMain::BeginMainFrame). */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'benchmark'];

const PAINT_PHASES = new Set(['PrePaint', 'Paint', 'Layerize', 'Commit']);

/** Milliseconds covered by the union of the events' intervals, clipped to [from, to] (events nest). */
function covered(events: TraceEvent[], from: number, to: number): number {
  let total = 0;
  let end = from;
  for (const e of events) {
    const a = Math.max(e.ts, end);
    const b = Math.min(e.ts + e.dur!, to);
    if (b > a) total += b - a;
    end = Math.max(end, Math.min(e.ts + e.dur!, to));
  }
  return total / 1000;
}

/** Per keystroke: the main thread's work from each keydown to the end of the first frame after it. */
export function phasesOf(events: TraceEvent[]): Phases {
  const keydowns = events.filter(
    (e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown' && e.ph === 'X',
  );
  const tid = keydowns[0]?.tid;
  // Sorted by start, so `covered` can sweep.
  const main = events
    .filter((e) => e.tid === tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const frames = main.filter((e) => e.name === 'ProxyMain::BeginMainFrame');
  const style = main.filter((e) => e.name === 'UpdateLayoutTree');
  const layout = main.filter((e) => e.name === 'Layout');
  const paint = main.filter((e) => PAINT_PHASES.has(e.name));
  const rows: Omit<Phases, 'keystrokes'>[] = [];
  for (const k of keydowns) {
    const frame = frames.find((f) => f.ts >= k.ts + k.dur!);
    if (!frame) continue;
    const from = k.ts;
    const to = frame.ts + frame.dur!;
    const busy = covered(main, from, to);
    const r = {
      style: covered(style, from, to),
      layout: covered(layout, from, to),
      paint: covered(paint, from, to),
    };
    rows.push({
      total: (to - from) / 1000,
      script: busy - r.style - r.layout - r.paint,
      ...r,
      idle: (to - from) / 1000 - busy,
    });
  }
  if (rows.length === 0)
    throw new Error('The trace has no keydown followed by a frame: were the trace categories changed?');
  const med = (k: keyof Omit<Phases, 'keystrokes'>) => median(rows.map((r) => r[k]));
  return {
    keystrokes: rows.length,
    total: med('total'),
    script: med('script'),
    style: med('style'),
    layout: med('layout'),
    paint: med('paint'),
    idle: med('idle'),
  };
}
