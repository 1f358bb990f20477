// The bench's reading of a Chromium trace: per keystroke, keydown to the end of the next frame, split into
// script, style, layout and paint. Nested events (Paint inside Paint, Layout inside the frame's task) must
// be counted once, and events outside the window or on other threads not at all.
import { describe, expect, it } from 'vitest';
import { phasesOf } from '../../../bench/trace-phases';
import type { TraceEvent } from '../../../bench/trace-phases';

const MAIN = 1;
const x = (name: string, ts: number, dur: number, extra: Partial<TraceEvent> = {}): TraceEvent => ({
  name,
  ph: 'X',
  ts: ts * 1000,
  dur: dur * 1000,
  tid: MAIN,
  ...extra,
});
const keydown = (ts: number, dur: number) =>
  x('EventDispatch', ts, dur, { args: { data: { type: 'keydown' } } });

/** One keystroke at `at` ms: keydown handled in 2 ms, React's task 3 ms, idle 1 ms, then a frame. */
function keystroke(at: number): TraceEvent[] {
  return [
    keydown(at, 2),
    x('RunTask', at + 2, 3),
    x('FunctionCall', at + 2.5, 2), // inside the task: counted once, as script
    // idle from at+5 to at+6
    x('RunTask', at + 6, 8),
    x('ProxyMain::BeginMainFrame', at + 6, 8),
    x('UpdateLayoutTree', at + 6.5, 0.5),
    x('Layout', at + 7, 2),
    x('PrePaint', at + 9, 1),
    x('Paint', at + 10, 2),
    x('Paint', at + 10.5, 1), // a layer painted inside the document's Paint
    x('Layerize', at + 12, 0.5),
    x('Commit', at + 12.5, 1),
  ];
}

describe('phasesOf', () => {
  it('splits keydown-to-frame into script, style, layout, paint and idle, nested events once', () => {
    const events = [
      ...keystroke(100),
      ...keystroke(300),
      // Another thread, and work after the frame: neither counts.
      x('Layout', 105, 50, { tid: 2 }),
      x('RunTask', 120, 30),
    ];
    const p = phasesOf(events);
    expect(p.keystrokes).toBe(2);
    expect(p.total).toBeCloseTo(14);
    expect(p.style).toBeCloseTo(0.5);
    expect(p.layout).toBeCloseTo(2);
    expect(p.paint).toBeCloseTo(4.5); // PrePaint 1 + Paint 2 (the nested 1 inside) + Layerize 0.5 + Commit 1
    expect(p.idle).toBeCloseTo(1);
    // Busy 13 (keydown 2 + task 3 + frame 8) less the rendering phases 7.
    expect(p.script).toBeCloseTo(6);
  });

  it('takes the first frame that begins after the keydown was handled', () => {
    const early = x('ProxyMain::BeginMainFrame', 99, 0.5); // began before the keydown
    const events = [early, ...keystroke(100)].sort((a, b) => a.ts - b.ts);
    expect(phasesOf(events).total).toBeCloseTo(14);
  });

  it('says so when the trace has no frame after any keydown', () => {
    expect(() => phasesOf([keydown(1, 1)])).toThrow(/no keydown followed by a frame/);
  });
});
