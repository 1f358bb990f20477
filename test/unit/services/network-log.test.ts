import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../src-main/contract';
import { createNetworkLog, NETWORK_LOG_BYTES, retainedBytes } from '../../../src-main/services/network-log';

function exchange(id: number, over: Partial<Exchange> = {}): Exchange {
  return {
    id,
    operation: id % 2 ? 'BuyerNoteList' : 'GetBook',
    service: 'market',
    soapVersion: '1.1',
    url: 'http://127.0.0.1/x',
    startedAt: 1_700_000_000_000 + id,
    durationMs: 3,
    attempts: 1,
    status: 200,
    bytesSent: 10,
    bytesReceived: 20,
    requestHeaders: { 'content-type': 'text/xml' },
    requestXml: `<req n="${id}"/>`,
    responseXml: '<r/>'.repeat(1000),
    ...over,
  };
}

describe('network log', () => {
  it('lists summaries without headers or envelopes, and gives the whole exchange by id', () => {
    const log = createNetworkLog(4);
    for (let id = 1; id <= 3; id++) log.record(exchange(id));
    const list = log.list();
    expect(list.map((x) => x.id)).toEqual([1, 2, 3]);
    for (const x of list) {
      expect(Object.keys(x)).not.toContain('requestXml');
      expect(Object.keys(x)).not.toContain('responseXml');
      expect(Object.keys(x)).not.toContain('requestHeaders');
    }
    expect(JSON.stringify(list).length).toBeLessThan(1500);
    expect(log.get(2)).toEqual(exchange(2));
    // The same summary objects every poll, so the renderer's structural sharing stays cheap.
    expect(log.list()[0]).toBe(list[0]);
  });

  it('filters by operation and outcome', () => {
    const log = createNetworkLog(10);
    log.record(exchange(1));
    log.record(exchange(2, { status: 500 }));
    log.record(exchange(3, { error: { code: 'TIMEOUT', message: 'slow' } }));
    log.record(exchange(4));
    expect(log.list({ operation: 'GetBook' }).map((x) => x.id)).toEqual([2, 4]);
    expect(log.list({ outcome: 'ok' }).map((x) => x.id)).toEqual([1, 4]);
    expect(log.list({ outcome: 'error' }).map((x) => x.id)).toEqual([2, 3]);
  });

  it('forgets the oldest beyond its size and everything on clear', () => {
    const log = createNetworkLog(3);
    for (let id = 1; id <= 5; id++) log.record(exchange(id));
    expect(log.list().map((x) => x.id)).toEqual([3, 4, 5]);
    expect(log.get(2)).toBeUndefined();
    expect(log.get(3)?.requestXml).toBe('<req n="3"/>');
    log.clear();
    expect(log.list()).toEqual([]);
    expect(log.get(5)).toBeUndefined();
  });

  it('keeps the envelopes of at most a budget of bytes, forgetting the oldest exchanges first', () => {
    const MiB = 2 ** 20;
    const log = createNetworkLog(500, 4 * MiB);
    // Pages of a large sync: each keeps its first half MiB for the log.
    for (let id = 1; id <= 20; id++) log.record(exchange(id, { bytesReceived: 3 * MiB }));
    const kept = log.list().map((x) => x.id);
    expect(kept.at(-1)).toBe(20);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, i) => 21 - kept.length + i));
    const held = kept.reduce((sum, id) => sum + retainedBytes(log.get(id)!), 0);
    expect(held).toBeLessThanOrEqual(4 * MiB);
    // As many as fit: one more would not.
    expect(held + retainedBytes(log.get(20)!)).toBeGreaterThan(4 * MiB);
    expect(log.get(1)).toBeUndefined();
    // Small exchanges fill the log by count, as before; the count and the bytes start again from nothing.
    log.clear();
    for (let id = 1; id <= 600; id++) log.record(exchange(id));
    expect(log.list()).toHaveLength(500);
    expect(log.list()[0]!.id).toBe(101);
  });

  it('always keeps the newest exchange, however large', () => {
    const log = createNetworkLog(10, 1024);
    log.record(exchange(1));
    log.record(exchange(2, { bytesReceived: 10 * 2 ** 20, requestXml: 'x'.repeat(4096) }));
    expect(log.list().map((x) => x.id)).toEqual([2]);
    expect(NETWORK_LOG_BYTES).toBeGreaterThanOrEqual(32 * 2 ** 20);
  });
});
