// (i) The insights charts' library, chosen by measurement: uPlot beside ECharts (its tree-shakable core),
// each drawing the same two charts as the page does: notes per day stacked by inquiry type (365 days × 5
// types) and one long line (100,000 points). Bundle size: a minimal page with both charts, bundled by
// esbuild, minified and gzipped. Render time: in the project's Chromium, from the call to the end of the
// first painted frame after it (so work a library defers to the next frame counts), fresh chart each run,
// the two libraries interleaved round by round after a warm-up, each in a page of its own.
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildSync } from 'esbuild';
import type { Page } from 'playwright';
import { launchChromium } from '../test/e2e/chromium';
import { median } from './stats';

export interface ChartLibResult {
  library: string;
  /** The minimal page with both charts: esbuild, minified; and that gzipped. */
  minBytes: number;
  gzipBytes: number;
  /** Median ms from the call to the end of the painted frame. */
  stackedMs: number;
  lineMs: number;
  stackedRunsMs: number[];
  lineRunsMs: number[];
}

export interface ChartsResult {
  rounds: number;
  days: number;
  types: number;
  linePoints: number;
  rows: ChartLibResult[];
}

const DAYS = 365;
const TYPES = 5;
const LINE_POINTS = 100_000;

// Each entry defines window.__draw(kind, data) → Promise<number> (ms to the painted frame).
const SHARED = `
const afterPaint = () => new Promise((r) => requestAnimationFrame(() => { const c = new MessageChannel(); c.port1.onmessage = () => r(); c.port2.postMessage(0); }));
const box = () => { const old = document.getElementById('c'); if (old) old.remove(); const d = document.createElement('div'); d.id = 'c'; d.style.cssText = 'width:1100px;height:360px'; document.body.append(d); return d; };
`;

const UPLOT_ENTRY = `
import uPlot from 'uplot';
${SHARED}
let chart;
function stacked(el, data) {
  const [x, ...ys] = data;
  const acc = new Array(x.length).fill(0);
  const stackedYs = ys.map((y) => y.map((v, i) => (acc[i] += v)));
  const bars = uPlot.paths.bars({ size: [0.8, 40] });
  const colours = ['#2563eb', '#16a34a', '#d97706', '#dc2626', '#7c3aed'];
  return new uPlot({ width: 1100, height: 360, scales: { x: { time: true } },
    // The totals first, each lower stack drawn over it: uPlot's own way of stacking bars.
    series: [{}, ...stackedYs.map((_, k) => ({ label: 't' + k, fill: colours[k], stroke: colours[k], paths: bars })).reverse()],
    legend: { show: false } }, [x, ...stackedYs.slice().reverse()], el);
}
function line(el, data) {
  return new uPlot({ width: 1100, height: 360, scales: { x: { time: false } }, series: [{}, { stroke: '#2563eb' }], legend: { show: false } }, data, el);
}
window.__draw = async (kind, data) => {
  if (chart) chart.destroy();
  const t = performance.now();
  chart = kind === 'stacked' ? stacked(box(), data) : line(box(), data);
  await afterPaint();
  return performance.now() - t;
};
`;

const ECHARTS_ENTRY = `
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
echarts.use([BarChart, LineChart, GridComponent, TooltipComponent, CanvasRenderer]);
${SHARED}
let chart;
function stacked(el, data) {
  const [x, ...ys] = data;
  const c = echarts.init(el);
  c.setOption({ animation: false, tooltip: { trigger: 'axis' }, xAxis: { type: 'time' }, yAxis: { type: 'value' },
    series: ys.map((y, k) => ({ type: 'bar', stack: 'all', name: 't' + k, data: y.map((v, i) => [x[i] * 1000, v]) })) });
  return c;
}
function line(el, data) {
  const [x, y] = data;
  const c = echarts.init(el);
  c.setOption({ animation: false, xAxis: { type: 'value' }, yAxis: { type: 'value' },
    series: [{ type: 'line', showSymbol: false, sampling: 'lttb', data: x.map((v, i) => [v, y[i]]) }] });
  return c;
}
window.__draw = async (kind, data) => {
  if (chart) chart.dispose();
  const t = performance.now();
  chart = kind === 'stacked' ? stacked(box(), data) : line(box(), data);
  await afterPaint();
  return performance.now() - t;
};
`;

function bundle(entry: string): string {
  return buildSync({
    stdin: { contents: entry, resolveDir: resolve('.'), loader: 'js' },
    bundle: true,
    minify: true,
    format: 'iife',
    write: false,
    platform: 'browser',
    target: 'chrome120',
    define: { 'process.env.NODE_ENV': '"production"' },
  }).outputFiles[0]!.text;
}

// Deterministic data: a seeded generator, the same arrays for both libraries.
function data() {
  let s = 42;
  const rnd = () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const day0 = Date.UTC(2025, 0, 1) / 1000;
  const x = Array.from({ length: DAYS }, (_, i) => day0 + i * 86_400);
  const stacked = [x, ...Array.from({ length: TYPES }, () => x.map(() => Math.round(rnd() * 40)))];
  const lx = Array.from({ length: LINE_POINTS }, (_, i) => i);
  let v = 0;
  const line = [lx, lx.map(() => (v += rnd() - 0.5))];
  return { stacked, line };
}

async function openLib(page: Page, script: string, css: string) {
  await page.setContent(`<!doctype html><html><head><style>${css}</style></head><body></body></html>`);
  await page.addScriptTag({ content: script });
}

export async function benchCharts(rounds = 9, warmup = 2): Promise<ChartsResult> {
  const libs = [
    {
      library: 'uPlot',
      entry: UPLOT_ENTRY,
      css: readFileSync('node_modules/uplot/dist/uPlot.min.css', 'utf8'),
    },
    { library: 'ECharts (core: bar, line, grid, tooltip, canvas)', entry: ECHARTS_ENTRY, css: '' },
  ].map((l) => {
    const js = bundle(l.entry);
    return { ...l, js, minBytes: Buffer.byteLength(js), gzipBytes: gzipSync(js, { level: 9 }).length };
  });
  const { stacked, line } = data();
  const browser = await launchChromium();
  try {
    const pages = await Promise.all(
      libs.map(async (l) => {
        const page = await (await browser.newContext({ viewport: { width: 1200, height: 500 } })).newPage();
        await openLib(page, l.js, l.css);
        return page;
      }),
    );
    const runs = libs.map(() => ({ stacked: [] as number[], line: [] as number[] }));
    for (let r = 0; r < warmup + rounds; r++) {
      for (const [i, page] of pages.entries()) {
        for (const [kind, d] of [
          ['stacked', stacked],
          ['line', line],
        ] as const) {
          const ms = await page.evaluate(
            ([k, dd]) =>
              (window as unknown as { __draw: (k: string, d: unknown) => Promise<number> }).__draw(k, dd),
            [kind, d] as const,
          );
          if (r >= warmup) runs[i]![kind].push(ms);
        }
      }
    }
    return {
      rounds,
      days: DAYS,
      types: TYPES,
      linePoints: LINE_POINTS,
      rows: libs.map((l, i) => ({
        library: l.library,
        minBytes: l.minBytes,
        gzipBytes: l.gzipBytes,
        stackedMs: median(runs[i]!.stacked),
        lineMs: median(runs[i]!.line),
        stackedRunsMs: runs[i]!.stacked,
        lineRunsMs: runs[i]!.line,
      })),
    };
  } finally {
    await browser.close();
  }
}
