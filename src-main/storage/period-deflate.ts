// The period's packed notes deflated for their way to the window (src-shared/period-pack.ts, DEFLATED): the read
// worker deflates what it moves to main, main hands the buffer on unread, the renderer inflates it.
import { deflateRawSync } from 'node:zlib';
import { DEFLATED } from '../../src-shared/period-pack';

/**
 * zlib's fastest level. The sandbox's 90 days at 100,000 notes (74,868 notes): 18.1 MB packed, 3.0 MB at level 1,
 * 2.5 MB at level 6 for about three times the worker's time.
 */
const PERIOD_DEFLATE_LEVEL = 1;

/** A packed period as its deflated form: DEFLATED, then deflate-raw of the packed bytes. */
export function deflatePeriod(packed: ArrayBuffer): ArrayBuffer {
  const body = deflateRawSync(new Uint8Array(packed), { level: PERIOD_DEFLATE_LEVEL });
  const out = new ArrayBuffer(4 + body.byteLength);
  new DataView(out).setUint32(0, DEFLATED, true);
  new Uint8Array(out, 4).set(body);
  return out;
}
