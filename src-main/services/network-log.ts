// The last N SOAP exchanges, newest last, for the network inspector. Envelopes arrive redacted.
import type { Exchange, ExchangeSummary, NetworkListRequest } from '../contract/network';
import { LOG_TEXT_BYTES } from '../soap/transport';

const NETWORK_LOG_SIZE = 500;
/**
 * What the kept exchanges' envelopes may hold in memory together. A sync's pages of 500 notes are about 240 KB
 * each, up to the 512 KiB head the client copies: 500 of them would keep 120–250 MB in the main process for a log
 * the seller may never open. Beyond this, the oldest exchanges leave the log (the newest always stays).
 */
export const NETWORK_LOG_BYTES = 64 * 2 ** 20;

/**
 * About what an exchange holds in memory for the log: the request's text (two bytes a character at most) and the
 * response's head as the client keeps it (its first LOG_TEXT_BYTES bytes and a few for a character cut in two).
 */
export function retainedBytes(x: Exchange): number {
  return 2 * x.requestXml.length + Math.min(x.bytesReceived, LOG_TEXT_BYTES + 4);
}

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
  bytes: number;
}

const ENVELOPES = new Set<string>(['requestHeaders', 'requestXml', 'responseXml']);

/** Everything but the envelopes, which are not read here (the response's is decoded when first read). */
function summarize(x: Exchange): ExchangeSummary {
  const summary: Record<string, unknown> = {};
  for (const key of Object.keys(x)) if (!ENVELOPES.has(key)) summary[key] = x[key as keyof Exchange];
  return summary as unknown as ExchangeSummary;
}

export function createNetworkLog(size = NETWORK_LOG_SIZE, budgetBytes = NETWORK_LOG_BYTES): NetworkLog {
  const ring: (Entry | undefined)[] = new Array<Entry | undefined>(size);
  let next = 0;
  let count = 0;
  let bytes = 0;
  const slot = (i: number) => (next - count + i + size) % size;
  const at = (i: number) => ring[slot(i)]!;
  const dropOldest = () => {
    bytes -= at(0).bytes;
    ring[slot(0)] = undefined;
    count--;
  };
  return {
    record(exchange) {
      if (count === size) dropOldest();
      const entry = { full: exchange, summary: summarize(exchange), bytes: retainedBytes(exchange) };
      ring[next] = entry;
      next = (next + 1) % size;
      count++;
      bytes += entry.bytes;
      while (count > 1 && bytes > budgetBytes) dropOldest();
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
      bytes = 0;
    },
  };
}
