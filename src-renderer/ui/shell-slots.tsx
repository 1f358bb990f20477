// Slots the shell offers its pages: filters in the top bar, counts in the sidebar. Pages fill them without knowing
// the shell's layout.
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

export type Page = 'inbox' | 'insights' | 'lookbook' | 'keywords' | 'network' | 'settings';
export const PAGES: readonly Page[] = ['inbox', 'insights', 'lookbook', 'keywords', 'network', 'settings'];

export interface NavCount {
  value: number;
  /** 'alert' for what needs attention now (past SLA); 'neutral' for plain counts. */
  tone?: 'neutral' | 'alert';
  /** The count is a lower bound (some days were not received): shown as "71+". */
  partial?: boolean;
}

/** A request to open a page at something: e.g. the inbox opening the lookbook at an item. */
export interface NavIntent {
  page: Page;
  /** Feature-defined payload, e.g. { sellerId, itemNo } for the lookbook or { seqNo } for the inbox. */
  data: Record<string, string | number>;
  /** Increments per navigation so the same intent twice is still seen. */
  id: number;
}

interface Slots {
  page: Page;
  navigate: (page: Page, data?: NavIntent['data']) => void;
  intent: NavIntent | undefined;
  toolbar: HTMLElement | null;
  setToolbar: (el: HTMLElement | null) => void;
  counts: Partial<Record<Page, NavCount>>;
  setCount: (page: Page, count: NavCount | undefined) => void;
}

const SlotsContext = createContext<Slots | null>(null);

export function ShellSlotsProvider({ children }: { children: ReactNode }) {
  const [page, setPage] = useState<Page>('inbox');
  const [intent, setIntent] = useState<NavIntent | undefined>();
  const navigate = useCallback((target: Page, data?: NavIntent['data']) => {
    setPage(target);
    if (data) setIntent((old) => ({ page: target, data, id: (old?.id ?? 0) + 1 }));
  }, []);
  const [toolbar, setToolbar] = useState<HTMLElement | null>(null);
  const [counts, setCounts] = useState<Partial<Record<Page, NavCount>>>({});
  // Stable, so a page's effect that sets a count does not re-run because the counts changed.
  const setCount = useCallback(
    (page: Page, count: NavCount | undefined) => setCounts((c) => ({ ...c, [page]: count })),
    [],
  );
  const value = useMemo<Slots>(
    () => ({ page, navigate, intent, toolbar, setToolbar, counts, setCount }),
    [page, navigate, intent, toolbar, counts, setCount],
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

/**
 * Shows a count next to a page's sidebar entry, whatever page is open (the inbox's count is the shell's own:
 * app/notes-watch.ts).
 */
export function useNavCount(page: Page, count: NavCount | undefined) {
  const { setCount } = useShellSlots();
  const value = count?.value;
  const tone = count?.tone;
  const partial = count?.partial;
  useEffect(() => {
    setCount(page, value === undefined ? undefined : { value, tone, partial });
  }, [page, value, tone, partial, setCount]);
}

/** The latest navigation intent addressed to `page` (undefined when none). */
export function useNavIntent(page: Page): NavIntent | undefined {
  const { intent } = useShellSlots();
  return intent?.page === page ? intent : undefined;
}
