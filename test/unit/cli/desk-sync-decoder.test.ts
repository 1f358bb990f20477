// `desk sync` starts the response-decoding worker as it begins, before the lock and the first pages, so the first
// large page (a status check's) does not wait for a thread to start and load its code: the app starts it with the
// host, the command line with the sync.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../../src-main/cli/desk';
import type * as DecodePool from '../../../src-main/soap/decode-pool';

const events: string[] = [];

vi.mock('../../../src-main/soap/decode-pool', async (importOriginal) => {
  const real = await importOriginal<typeof DecodePool>();
  let wrapped: ReturnType<typeof real.sharedResponseDecoder> | undefined;
  return {
    ...real,
    sharedResponseDecoder: () => {
      const decoder = real.sharedResponseDecoder();
      wrapped ??= {
        get stats() {
          return decoder.stats;
        },
        warm: () => {
          events.push('warm');
          return decoder.warm();
        },
        decode: (req) => {
          events.push('decode');
          return decoder.decode(req);
        },
        close: () => decoder.close(),
      };
      return wrapped;
    },
  };
});

describe('desk sync and the decoding worker', () => {
  it('starts the worker before the first response is decoded', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'desk-sync-decoder-'));
    let stderr = '';
    const code = await main(
      ['sync', '--data-dir', dataDir, '--now', '2026-11-20T09:00:00+09:00', '--from', '2026-11-20'],
      { stdout: { write: () => true }, stderr: { write: (s: string) => (stderr += s) }, env: {} },
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(events).toContain('decode');
    expect(events[0]).toBe('warm');
  });
});
