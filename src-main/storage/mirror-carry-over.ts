// Carry-over offers: the marks another mirror holds that this one may take over. A mirror of the same profile
// whose endpoint changed, a removed shop's mirror (to shops only, never to the sandbox's samples), and release
// 0.1.0's marks kept in the sandbox mirror (to live profiles). The registry decides which mirrors exist; this
// decides which of them are offered, and counts what each holds.
import type { CarryOverOffer, NoteLocalMark } from '../contract';
import type { MirrorIdentity } from './mirror-store';
import { COMMAND_LINE_OWNER } from './notes-store';

/** The offer's source name for release 0.1.0's marks. */
const LEGACY_SOURCE = 'imported:notes-local';

export interface CarryOverSource {
  offer: CarryOverOffer;
  marks: () => Map<number, NoteLocalMark>;
}

interface OtherMirror {
  identity: MirrorIdentity;
  store: { marks(): Map<number, NoteLocalMark> };
}

function markCounts(marks: ReadonlyMap<number, NoteLocalMark>) {
  let handled = 0;
  let memos = 0;
  for (const m of marks.values()) {
    if (m.handled) handled++;
    if (m.memo !== '') memos++;
  }
  return { marks: marks.size, handled, memos };
}

function offerKind(
  self: MirrorIdentity,
  other: MirrorIdentity,
  known: readonly string[],
): CarryOverOffer['kind'] | undefined {
  if (other.profileId === self.profileId) return 'endpoint-changed';
  // A removed shop's marks go to shops, not to the sandbox's samples.
  if (
    self.kind === 'live' &&
    other.kind === 'live' &&
    other.profileId !== COMMAND_LINE_OWNER &&
    !known.includes(other.profileId)
  )
    return 'profile-removed';
  return undefined;
}

/** The offers for the mirror `self` among `others` (every other mirror that opens), and 0.1.0's marks. */
export function carryOverSources(
  self: MirrorIdentity,
  others: readonly OtherMirror[],
  known: readonly string[],
  legacyMarks: () => Map<number, NoteLocalMark>,
): CarryOverSource[] {
  const out: CarryOverSource[] = [];
  for (const m of others) {
    const kind = offerKind(self, m.identity, known);
    if (!kind) continue;
    const marks = m.store.marks();
    if (marks.size === 0) continue;
    out.push({
      offer: {
        source: `mirror:${m.identity.mirrorId}`,
        kind,
        profileName: m.identity.profileName,
        endpoint: m.identity.endpoint,
        ...markCounts(marks),
      },
      marks: () => m.store.marks(),
    });
  }
  if (self.kind === 'live') {
    const legacy = legacyMarks();
    if (legacy.size > 0) {
      out.push({
        offer: { source: LEGACY_SOURCE, kind: 'imported', ...markCounts(legacy) },
        marks: legacyMarks,
      });
    }
  }
  return out;
}

/**
 * The offers of the files kept beside the mirror `file`: its damaged files moved aside (`<name>.corrupt-*.sqlite`,
 * what they still yield), and the interim mirror used while it was a newer release's (`<name>.interim.sqlite`).
 */
export function keptFileSources(
  file: string,
  names: readonly string[],
  marksOf: (name: string) => Map<number, NoteLocalMark>,
): CarryOverSource[] {
  const base = file.replace(/\.sqlite$/, '');
  const out: CarryOverSource[] = [];
  for (const name of names) {
    const kind =
      name.startsWith(`${base}.corrupt-`) && name.endsWith('.sqlite')
        ? 'recovered'
        : name === `${base}.interim.sqlite` && name !== file
          ? 'interim'
          : undefined;
    if (!kind) continue;
    const marks = marksOf(name);
    if (marks.size === 0) continue;
    out.push({
      offer: { source: `${kind}:${name}`, kind, file: name, ...markCounts(marks) },
      marks: () => marksOf(name),
    });
  }
  return out;
}
