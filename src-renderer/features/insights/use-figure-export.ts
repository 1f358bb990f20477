// Saves a figure: its table as CSV or XLSX (main writes the file through the one CSV writer), or its picture as PNG.
import { useState } from 'react';
import { call } from '../../api/desk';
import { useSettingsValue } from '../../api/settings';
import type { FigureTable } from './model/tables';

export type ExportFormat = 'csv' | 'xlsx' | 'png';

/** The canvas's PNG as base64 (without the data: prefix). */
const pngOf = (canvas: HTMLCanvasElement) =>
  canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');

export function useFigureExport() {
  const timeZone = useSettingsValue((s) => s.timeZone) ?? 'Asia/Seoul';
  const [outcome, setOutcome] = useState<{ path?: string; error?: unknown }>();
  const save = async (
    name: string,
    format: ExportFormat,
    table: FigureTable,
    picture: () => HTMLCanvasElement,
  ) => {
    try {
      const base = { name, format, timeZone, columns: [] as string[], rows: [] as (string | number)[][] };
      const req = format === 'png' ? { ...base, png: pngOf(picture()) } : { ...base, ...table };
      const r = await call('figures.export', req);
      setOutcome(r.path ? { path: r.path } : undefined);
    } catch (error) {
      setOutcome({ error });
    }
  };
  return { save, outcome, dismiss: () => setOutcome(undefined) };
}
