// Pictures of the figures that are not drawn on a canvas (the grid, the item bars), for the PNG export: the same
// figures, in the theme's colours, on a canvas of their own.
import type { FigureTable } from './tables';

export interface PaintColours {
  bg: string;
  text: string;
  muted: string;
  bar: string;
}

function canvasOf(width: number, height: number, bg: string) {
  const canvas = document.createElement('canvas');
  const scale = 2;
  canvas.width = width * scale;
  canvas.height = height * scale;
  const ctx = canvas.getContext('2d')!;
  ctx.scale(scale, scale);
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, width, height);
  ctx.font = '12px Pretendard, "Noto Sans KR", sans-serif';
  ctx.textBaseline = 'middle';
  return { canvas, ctx };
}

/** The weekday × hour grid: a row per weekday, a cell per hour, darker for more arrivals. */
export function paintGrid(title: string, table: FigureTable, c: PaintColours): HTMLCanvasElement {
  const cell = 26;
  const left = 60;
  const top = 48;
  const { canvas, ctx } = canvasOf(left + 24 * cell + 16, top + table.rows.length * cell + 16, c.bg);
  ctx.fillStyle = c.text;
  ctx.fillText(title, 12, 16);
  const max = Math.max(1, ...table.rows.flatMap((r) => r.slice(1).map(Number)));
  ctx.fillStyle = c.muted;
  for (let h = 0; h < 24; h += 3) ctx.fillText(String(h), left + h * cell + 4, top - 10);
  table.rows.forEach((row, d) => {
    ctx.fillStyle = c.text;
    ctx.fillText(String(row[0]), 12, top + d * cell + cell / 2);
    row.slice(1).forEach((v, h) => {
      ctx.globalAlpha = 0.08 + 0.92 * (Number(v) / max);
      ctx.fillStyle = c.bar;
      ctx.fillRect(left + h * cell + 1, top + d * cell + 1, cell - 2, cell - 2);
      ctx.globalAlpha = 1;
    });
  });
  return canvas;
}

/** Horizontal bars: a label and a value per row (`value` picks the column). */
export function paintBars(
  title: string,
  labels: string[],
  values: number[],
  c: PaintColours,
): HTMLCanvasElement {
  const row = 24;
  const left = 260;
  const width = 640;
  const { canvas, ctx } = canvasOf(width, 40 + labels.length * row + 12, c.bg);
  ctx.fillStyle = c.text;
  ctx.fillText(title, 12, 16);
  const max = Math.max(1, ...values);
  labels.forEach((label, i) => {
    const y = 40 + i * row;
    ctx.fillStyle = c.text;
    ctx.fillText(label.length > 34 ? `${label.slice(0, 33)}…` : label, 12, y + row / 2);
    ctx.fillStyle = c.bar;
    const w = ((width - left - 60) * values[i]!) / max;
    ctx.fillRect(left, y + 4, w, row - 8);
    ctx.fillStyle = c.muted;
    ctx.fillText(String(values[i]), left + w + 6, y + row / 2);
  });
  return canvas;
}
