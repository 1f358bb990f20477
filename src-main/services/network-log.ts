// The last N SOAP exchanges, newest last, for the network inspector. Envelopes arrive redacted.
import type { Exchange, NetworkListRequest } from '../contract/network';

export const NETWORK_LOG_SIZE = 500;

export interface NetworkLog {
  record(exchange: Exchange): void;
  list(filter?: NetworkListRequest): Exchange[];
  clear(): void;
}

export function createNetworkLog(size = NETWORK_LOG_SIZE): NetworkLog {
  const ring: (Exchange | undefined)[] = new Array<Exchange | undefined>(size);
  let next = 0;
  let count = 0;
  return {
    record(exchange) {
      ring[next] = exchange;
      next = (next + 1) % size;
      count = Math.min(count + 1, size);
    },
    list(filter = {}) {
      const out: Exchange[] = [];
      for (let i = 0; i < count; i++) {
        const x = ring[(next - count + i + size) % size]!;
        if (filter.operation && x.operation !== filter.operation) continue;
        const ok = x.status === 200 && !x.error;
        if (filter.outcome === 'ok' && !ok) continue;
        if (filter.outcome === 'error' && ok) continue;
        out.push(x);
      }
      return out;
    },
    clear() {
      ring.fill(undefined);
      next = 0;
      count = 0;
    },
  };
}
