// Slots the shell offers its pages: filters in the top bar, counts in the sidebar, the last sync time in the
// status bar. Pages fill them without knowing the shell's layout.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

export type Page = 'inbox' | 'lookbook' | 'keywords' | 'network' | 'settings';
export const PAGES: readonly Page[] = ['inbox', 'lookbook', 'keywords', 'network', 'settings'];

export interface NavCount {
  value: number;
  /** 'alert' for what needs attention now (past SLA); 'neutral' for plain counts. */
  tone?: 'neutral' | 'alert';
}

interface Slots {
  toolbar: HTMLElement | null;
  setToolbar: (el: HTMLElement | null) => void;
  counts: Partial<Record<Page, NavCount>>;
  setCount: (page: Page, count: NavCount | undefined) => void;
  lastSync: Date | undefined;
  setLastSync: (at: Date | undefined) => void;
}

const SlotsContext = createContext<Slots | null>(null);

export function ShellSlotsProvider({ children }: { children: ReactNode }) {
  const [toolbar, setToolbar] = useState<HTMLElement | null>(null);
  const [counts, setCounts] = useState<Partial<Record<Page, NavCount>>>({});
  const [lastSync, setLastSync] = useState<Date | undefined>();
  // Stable, so a page's effect that sets a count does not re-run because the counts changed.
  const setCount = useCallback(
    (page: Page, count: NavCount | undefined) => setCounts((c) => ({ ...c, [page]: count })),
    [],
  );
  const value = useMemo<Slots>(
    () => ({ toolbar, setToolbar, counts, setCount, lastSync, setLastSync }),
    [toolbar, counts, setCount, lastSync],
  );
  return <SlotsContext.Provider value={value}>{children}</SlotsContext.Provider>;
}

export function useShellSlots(): Slots {
  const slots = useContext(SlotsContext);
  if (!slots) throw new Error('useShellSlots outside ShellSlotsProvider');
  return slots;
}

/** Renders a page's filters into the shell's top bar. */
export function PageToolbar({ children }: { children: ReactNode }) {
  const { toolbar } = useShellSlots();
  return toolbar ? createPortal(children, toolbar) : null;
}

/** Shows a count next to a page's sidebar entry while the calling component is mounted. */
export function useNavCount(page: Page, count: NavCount | undefined) {
  const { setCount } = useShellSlots();
  const value = count?.value;
  const tone = count?.tone;
  useEffect(() => {
    setCount(page, value === undefined ? undefined : { value, tone });
    return () => setCount(page, undefined);
  }, [page, value, tone, setCount]);
}
