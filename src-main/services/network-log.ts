// The last N SOAP exchanges, newest last, for the network inspector. Envelopes arrive redacted.
import type { Exchange, ExchangeSummary, NetworkListRequest } from '../contract/network';

export const NETWORK_LOG_SIZE = 500;

export interface NetworkLog {
  record(exchange: Exchange): void;
  /** Summaries, oldest first; the same objects on every call while an exchange stays in the log. */
  list(filter?: NetworkListRequest): ExchangeSummary[];
  get(id: number): Exchange | undefined;
  clear(): void;
}

interface Entry {
  full: Exchange;
  summary: ExchangeSummary;
}

const ENVELOPES = new Set<string>(['requestHeaders', 'requestXml', 'responseXml']);

/** Everything but the envelopes, which are not read here (the response's is decoded when first read). */
function summarize(x: Exchange): ExchangeSummary {
  const summary: Record<string, unknown> = {};
  for (const key of Object.keys(x)) if (!ENVELOPES.has(key)) summary[key] = x[key as keyof Exchange];
  return summary as unknown as ExchangeSummary;
}

export function createNetworkLog(size = NETWORK_LOG_SIZE): NetworkLog {
  const ring: (Entry | undefined)[] = new Array<Entry | undefined>(size);
  let next = 0;
  let count = 0;
  const at = (i: number) => ring[(next - count + i + size) % size]!;
  return {
    record(exchange) {
      ring[next] = { full: exchange, summary: summarize(exchange) };
      next = (next + 1) % size;
      count = Math.min(count + 1, size);
    },
    list(filter = {}) {
      const out: ExchangeSummary[] = [];
      for (let i = 0; i < count; i++) {
        const x = at(i).summary;
        if (filter.operation && x.operation !== filter.operation) continue;
        const ok = x.status === 200 && !x.error;
        if (filter.outcome === 'ok' && !ok) continue;
        if (filter.outcome === 'error' && ok) continue;
        out.push(x);
      }
      return out;
    },
    get(id) {
      for (let i = count - 1; i >= 0; i--) {
        const e = at(i);
        if (e.full.id === id) return e.full;
      }
      return undefined;
    },
    clear() {
      ring.fill(undefined);
      next = 0;
      count = 0;
    },
  };
}
