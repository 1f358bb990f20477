// The network log keeps, per exchange, the head of its response (what the log counts it for, NETWORK_LOG_BYTES): not
// the transport's response, whose body's text and bytes may have been read in full (a short body's text is read to
// tell a throttle). The entry's getter held the response through its closure, so each logged exchange kept it whole.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { connectMarket } from '../../../src-main/host/connect';
import { createTransport } from '../../../src-main/soap/transport';
import type { Transport, TransportResponse } from '../../../src-main/soap/transport';
import { defaultSettings } from '../../../src-main/storage/settings-schema';
import { TEST_NOW } from '../../support/host-deps';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const responses: WeakRef<TransportResponse>[] = [];
const real = createTransport();
const transport: Transport = {
  post: async (...args) => {
    const r = await real.post(...args);
    responses.push(new WeakRef(r));
    return r;
  },
};
const profile = defaultSettings().profiles[0]!;
const connection = connectMarket({
  settings: { activeProfile: () => Promise.resolve(profile) },
  vault: { get: () => Promise.resolve({}), rotateEncrypted: () => Promise.resolve() },
  sandboxOptions: { seed: 42, now: TEST_NOW, notes: 2000 },
  transport,
});
afterAll(() => connection.close());

describe('the network log', () => {
  it("keeps the head of each response it logs, not the transport's response", async () => {
    const { client } = await connection.active();
    const ids: number[] = [];
    for (const size of [20, 500]) {
      const notes = await client.market.buyerNoteList({
        StartDate: '2026-08-01T00:00:00+09:00',
        EndDate: '2026-11-20T23:59:59+09:00',
        ReplyStatus: 'All',
        Pagination: { PageIndex: 1, PageSize: size },
      });
      expect(notes.data?.SendNote).toHaveLength(size);
      ids.push(notes.exchange.id);
    }
    expect(responses).toHaveLength(2);
    // A WeakRef holds its target until the job that made it has ended.
    await new Promise((r) => setTimeout(r, 0));
    gc();
    // Both exchanges are in the log, their heads readable; the responses they came from are gone.
    for (const id of ids) expect(connection.network.get(id)?.responseXml).toContain('SeqNo=');
    expect(responses.filter((r) => r.deref() !== undefined)).toHaveLength(0);
  });
});
