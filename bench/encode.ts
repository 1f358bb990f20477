// (b) Encoding all 14 requests: operations per second.
import { DEFAULT_NAMESPACES, OPERATION_NAMES } from '../src-main/schema';
import { SAMPLE_REQUESTS } from '../test/fixtures/sample-requests';
import { buildRequest } from '../src-main/soap/envelope-write';
import { median } from './stats';

const tickets = { authTicket: 'a', encryptedTicket: 'e', memberTicket: 'm' };

export interface EncodeRow {
  operation: string;
  opsPerSec: number;
}

export function benchEncode(): EncodeRow[] {
  return OPERATION_NAMES.map((op) => {
    const runs: number[] = [];
    for (let r = 0; r < 7; r++) {
      const n = 400;
      const t = performance.now();
      for (let i = 0; i < n; i++)
        buildRequest(op, SAMPLE_REQUESTS[op] as never, {
          version: i % 2 ? '1.2' : '1.1',
          ns: DEFAULT_NAMESPACES,
          tickets,
        });
      if (r >= 2) runs.push(n / ((performance.now() - t) / 1000));
    }
    return { operation: op, opsPerSec: median(runs) };
  });
}
