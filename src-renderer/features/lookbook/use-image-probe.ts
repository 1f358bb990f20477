// Loads every image of the whole lookbook once, a few at a time, so the audit names a broken image on a page the
// seller has not opened. Images on screen report their own failures too; both land in the same list.
import { useEffect, useState } from 'react';

export interface ImageTarget {
  /** The element or item the image belongs to (the finding's target). */
  targetKey: string;
  /** What the image policy allows to load (never a refused address). */
  url: string;
}

export interface ImageProbe {
  failed: ImageTarget[];
  done: number;
  total: number;
}

/** Enough to keep a lookbook of a few hundred images quick without flooding one image host. */
const PARALLEL = 6;

function loads(url: string, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const img = new Image();
    img.referrerPolicy = 'no-referrer';
    const finish = (ok: boolean) => {
      img.onload = null;
      img.onerror = null;
      signal.removeEventListener('abort', stop);
      resolve(ok);
    };
    const stop = () => {
      img.src = '';
      finish(true);
    };
    img.onload = () => finish(true);
    img.onerror = () => finish(false);
    signal.addEventListener('abort', stop, { once: true });
    img.src = url;
  });
}

/**
 * Probes `targets` (each distinct URL once). `key` names the run by identity: a new key starts over, undefined
 * probes nothing. Returns the failures so far and how many URLs are done.
 */
export function useImageProbe(key: object | undefined, targets: readonly ImageTarget[]): ImageProbe {
  const [state, setState] = useState<ImageProbe & { key?: object }>({ failed: [], done: 0, total: 0 });
  useEffect(() => {
    if (key === undefined) return;
    const byUrl = new Map<string, string[]>();
    for (const t of targets) byUrl.set(t.url, [...(byUrl.get(t.url) ?? []), t.targetKey]);
    const urls = [...byUrl.keys()];
    const abort = new AbortController();
    setState({ key, failed: [], done: 0, total: urls.length });
    let next = 0;
    const worker = async () => {
      while (next < urls.length && !abort.signal.aborted) {
        const url = urls[next++]!;
        const ok = await loads(url, abort.signal);
        if (abort.signal.aborted) return;
        setState((s) => ({
          ...s,
          done: s.done + 1,
          failed: ok ? s.failed : [...s.failed, ...byUrl.get(url)!.map((targetKey) => ({ targetKey, url }))],
        }));
      }
    };
    for (let i = 0; i < Math.min(PARALLEL, urls.length); i++) void worker();
    return () => abort.abort();
  }, [key, targets]);
  return state.key === key ? state : { failed: [], done: 0, total: 0 };
}
