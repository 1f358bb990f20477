// A second copy of the seller's marks and memos, beside the mirror: `<mirror>.sqlite.marks.log`, one JSON line per
// change, appended and flushed to disk after the change's transaction commits. The notes can always be fetched
// from the marketplace again; the marks are the seller's own work and exist nowhere else. When the mirror's marks
// all fit on one page of the SQLite file (a few hundred short memos), bytes over that one page would take every
// one of them, and reading the file page by page cannot give back what is not there any more. The journal can.
//
// Its lines are `{"s":SeqNo,"h":0|1,"m":"memo","t":updatedAtMs}`; `h` 0 with an empty memo is a mark cleared. A
// torn last line (the process died while writing it) and any line that is not of that shape are skipped. Once the
// file passes `maxBytes` it is rewritten, atomically, as one line per mark the mirror holds. It moves aside with
// its mirror (`moveDatabaseAside`), and `readMarksTolerant` merges it with what the damaged file still yields,
// the later change winning per SeqNo.
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeSync,
} from 'node:fs';
import type { NoteLocalMark } from '../contract';

export const MARKS_JOURNAL_SUFFIX = '.marks.log';

/** Rewritten from the mirror's marks past this size: about 10,000 changes of short memos. */
const MAX_BYTES = 1024 * 1024;

const line = (seq: number, m: NoteLocalMark) =>
  JSON.stringify({ s: seq, h: m.handled ? 1 : 0, m: m.memo, t: m.updatedAt }) + '\n';

function writeDurably(path: string, text: string, flags: 'a' | 'w'): void {
  const fd = openSync(path, flags, 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export class MarksJournal {
  constructor(
    /** The journal's path: the mirror file's path and MARKS_JOURNAL_SUFFIX. */
    readonly path: string,
    private readonly maxBytes = MAX_BYTES,
  ) {}

  /**
   * Appends the changes (a cleared mark too); past the size cap, rewrites the file from `current()` instead.
   * Never throws: the mirror has the change already, and a journal that cannot be written must not undo it.
   */
  append(changes: Iterable<[number, NoteLocalMark]>, current: () => Map<number, NoteLocalMark>): void {
    let text = '';
    for (const [seq, m] of changes) text += line(seq, m);
    if (text === '') return;
    try {
      writeDurably(this.path, text, 'a');
      if (statSync(this.path).size > this.maxBytes) this.rewrite(current());
    } catch {
      // A full disk or a read-only folder: the mirror itself says so on its next write.
    }
  }

  private rewrite(marks: Map<number, NoteLocalMark>): void {
    const tmp = `${this.path}.tmp`;
    let text = '';
    for (const [seq, m] of marks) text += line(seq, m);
    writeDurably(tmp, text, 'w');
    renameSync(tmp, this.path);
  }
}

/** The journal's last word per SeqNo (a cleared mark included, as handled false with an empty memo). */
export function readMarksJournal(path: string): Map<number, NoteLocalMark> {
  const out = new Map<number, NoteLocalMark>();
  if (!existsSync(path)) return out;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return out;
  }
  for (const raw of text.split('\n')) {
    const entry = parseLine(raw);
    if (!entry) continue;
    const had = out.get(entry[0]);
    if (!had || had.updatedAt <= entry[1].updatedAt) out.set(entry[0], entry[1]);
  }
  return out;
}

function parseLine(raw: string): [number, NoteLocalMark] | undefined {
  if (raw === '') return undefined;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null) return undefined;
  const { s, h, m, t } = v as Record<string, unknown>;
  if (!Number.isSafeInteger(s) || (s as number) <= 0) return undefined;
  if ((h !== 0 && h !== 1) || typeof m !== 'string') return undefined;
  if (!Number.isSafeInteger(t) || (t as number) <= 0) return undefined;
  return [s as number, { handled: h === 1, memo: m, updatedAt: t as number }];
}
