// uPlot in React: the chart is built once per data or options change, sized to its box, and destroyed with it.
// A click on the plot reports the data index under the cursor (the bar or the week), so a figure can open the
// notes behind it.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface UplotChartProps {
  /** Options without the size: the width follows the box, the height is `height`. */
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
  onPick?: (index: number) => void;
  /** Holds the canvas of the drawn chart, for the PNG export. */
  canvasRef?: { current: HTMLCanvasElement | undefined };
}

export function UplotChart({ options, data, height, onPick, canvasRef }: UplotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = Math.max(240, Math.floor(el.clientWidth));
    const chart = new uPlot({ ...options, width, height }, data, el);
    if (canvasRef) canvasRef.current = chart.ctx.canvas;
    const onClick = () => {
      const idx = chart.cursor.idx;
      if (idx !== null && idx !== undefined) pick.current?.(idx);
    };
    chart.over.addEventListener('click', onClick);
    const resize = new ResizeObserver(() => {
      const w = Math.max(240, Math.floor(el.clientWidth));
      if (w !== chart.width) chart.setSize({ width: w, height });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.over.removeEventListener('click', onClick);
      if (canvasRef) canvasRef.current = undefined;
      chart.destroy();
    };
  }, [options, data, height, canvasRef]);
  return <div ref={box} className="insights-uplot" style={{ cursor: onPick ? 'pointer' : undefined }} />;
}
