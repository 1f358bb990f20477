// An IPC answer as text, for tests that look for a string in what crosses IPC: JSON, with an ArrayBuffer (the
// period's packed notes, NotesPeriod.packed, inflated when the read worker deflated them) as its bytes read as
// UTF-8, so a text the buffer packs is found too.
import { inflateRawSync } from 'node:zlib';
import { isDeflated } from '../../src-shared/period-pack';

const bytesOf = (b: ArrayBuffer): Uint8Array =>
  isDeflated(b) ? inflateRawSync(new Uint8Array(b, 4)) : new Uint8Array(b);

export function envelopeText(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v instanceof ArrayBuffer ? new TextDecoder().decode(bytesOf(v)) : v,
  );
}
