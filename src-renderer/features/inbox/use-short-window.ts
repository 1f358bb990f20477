// A short window (the app allows down to 960×600): the inbox gives its list the height. Team mode's views join the
// facets' row instead of a row of their own, and the summary strip keeps its figures without the daily chart
// (inbox.css). A window as tall as the default (860) keeps its layout.
import { useSyncExternalStore } from 'react';

/** The same height as the stylesheet's short-window rules (inbox.css). */
const SHORT_WINDOW = '(max-height: 720px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(SHORT_WINDOW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

export function useShortWindow(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(SHORT_WINDOW).matches);
}
