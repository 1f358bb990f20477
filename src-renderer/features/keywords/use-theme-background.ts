import { useSyncExternalStore } from 'react';

const query = () => window.matchMedia('(prefers-color-scheme: dark)');

/** The page background the theme paints (the --bg custom property), following the OS theme as it changes. */
export function useThemeBackground(): string {
  return useSyncExternalStore(
    (onChange) => {
      const mq = query();
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    },
    () => getComputedStyle(document.documentElement).getPropertyValue('--bg').trim() || '#ffffff',
  );
}
