// The theme's colours for the charts, read again when the OS switches between light and dark.
import { useSyncExternalStore } from 'react';

const query = () => window.matchMedia('(prefers-color-scheme: dark)');

function subscribe(onChange: () => void) {
  const q = query();
  q.addEventListener('change', onChange);
  return () => q.removeEventListener('change', onChange);
}

/** 'dark' or 'light', as the OS says now. */
export function useColourScheme(): 'dark' | 'light' {
  return useSyncExternalStore(subscribe, () => (query().matches ? 'dark' : 'light'));
}

/** The value of a theme variable (e.g. '--chart-item'). */
export function themeColour(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888888';
}

export const TYPE_COLOUR_VARS = {
  Item: '--chart-item',
  Shipping: '--chart-shipping',
  Exchange: '--chart-exchange',
  Refund: '--chart-refund',
  Other: '--chart-other',
} as const;

/** A copy of a chart's canvas on the page's background (a canvas is transparent where nothing is drawn). */
export function onBackground(canvas: HTMLCanvasElement): HTMLCanvasElement {
  const out = document.createElement('canvas');
  out.width = canvas.width;
  out.height = canvas.height;
  const ctx = out.getContext('2d')!;
  ctx.fillStyle = themeColour('--bg');
  ctx.fillRect(0, 0, out.width, out.height);
  ctx.drawImage(canvas, 0, 0);
  return out;
}
