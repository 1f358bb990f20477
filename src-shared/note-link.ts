// A link to a note a member copies for a colleague: sellerdesk://note/<connection>/<SeqNo>, where <connection> is the
// connection's id in the team database (seller_desk.connections.id, the same on every desktop of the team) and
// <SeqNo> the marketplace's note number. Parsed strictly: anything else (another scheme or host, a query, a
// fragment, a trailing slash, escapes, spaces, leading zeros, numbers out of range) is refused with a reason, so a
// link handed to the OS protocol handler cannot smuggle anything into the app. Pure: both processes import it.

const NOTE_LINK_PREFIX = 'sellerdesk://note/';
/** A link is short; anything longer is refused before it is looked at. */
const MAX_LINK = 100;
/** SeqNo and connection id: positive integers without leading zeros, within PostgreSQL's integer and bigint. */
const POSITIVE = /^[1-9][0-9]*$/u;
const MAX_CONNECTION = 2_147_483_647;

export interface NoteLink {
  connection: number;
  seqNo: number;
}

export type NoteLinkRefusal =
  'not-text' | 'too-long' | 'not-a-note-link' | 'wrong-shape' | 'bad-connection' | 'bad-seq-no';

export type NoteLinkParse = { ok: true; link: NoteLink } | { ok: false; reason: NoteLinkRefusal };

export function parseNoteLink(input: unknown): NoteLinkParse {
  if (typeof input !== 'string') return { ok: false, reason: 'not-text' };
  if (input.length > MAX_LINK) return { ok: false, reason: 'too-long' };
  // The scheme and host are compared exactly (a link is copied, never typed: no other case is ours).
  if (!input.startsWith(NOTE_LINK_PREFIX)) return { ok: false, reason: 'not-a-note-link' };
  const parts = input.slice(NOTE_LINK_PREFIX.length).split('/');
  if (parts.length !== 2) return { ok: false, reason: 'wrong-shape' };
  const [connection = '', seqNo = ''] = parts;
  if (!POSITIVE.test(connection) || Number(connection) > MAX_CONNECTION) {
    return { ok: false, reason: 'bad-connection' };
  }
  if (!POSITIVE.test(seqNo) || !Number.isSafeInteger(Number(seqNo)))
    return { ok: false, reason: 'bad-seq-no' };
  return { ok: true, link: { connection: Number(connection), seqNo: Number(seqNo) } };
}

export function formatNoteLink(link: NoteLink): string {
  if (!Number.isSafeInteger(link.connection) || link.connection < 1 || link.connection > MAX_CONNECTION)
    throw new RangeError(`Not a connection id: ${link.connection}`);
  if (!Number.isSafeInteger(link.seqNo) || link.seqNo < 1) throw new RangeError(`Not a SeqNo: ${link.seqNo}`);
  return `${NOTE_LINK_PREFIX}${link.connection}/${link.seqNo}`;
}
