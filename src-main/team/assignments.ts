// Who has which note (담당자). Taking a note sets the session's login as its assignee when nobody has it; assigning
// sets a named current member when the assignee is still the one the caller saw (a compare-and-set). Both are one
// call of a database function (schema-v3.ts): the author is the database login, never the client's word, and of two
// members taking one note at once exactly one wins; the other is told who has it.
import type { Sql } from 'postgres';

export interface NoteRef {
  team: string;
  connection: string;
  seqNo: number;
}

export interface Assignment {
  /** The member who has the note; undefined: nobody. */
  assignee: string | undefined;
  assignedBy: string | undefined;
  assignedAt: Date | undefined;
}

export type AssignOutcome = ({ done: true } | { done: false; reason: 'taken' | 'changed' }) & Assignment;

export class TakeRefusedError extends Error {
  readonly deskCode = 'TEAM_TAKEN';
  constructor(
    readonly seqNo: number,
    readonly assignee: string,
  ) {
    super(`${assignee} has note ${seqNo} already; ask them, or assign it from them.`);
  }
}

interface Row {
  done: boolean;
  assignee: string | null;
  assigned_by: string | null;
  assigned_at: Date | null;
}

function outcome(row: Row | undefined, refusal: 'taken' | 'changed'): AssignOutcome {
  const a: Assignment = {
    assignee: row?.assignee ?? undefined,
    assignedBy: row?.assigned_by ?? undefined,
    assignedAt: row?.assigned_at ?? undefined,
  };
  return row?.done ? { done: true, ...a } : { done: false, reason: refusal, ...a };
}

/**
 * Takes the note for the session's login. Resolves with the assignment when it is the caller's now (taken, or
 * theirs already); throws TakeRefusedError naming the member who has it otherwise.
 */
export async function takeNote(sql: Sql, ref: NoteRef): Promise<AssignOutcome> {
  const [row] = await sql<Row[]>`
    SELECT * FROM seller_desk.take_note(${ref.team}, ${ref.connection}, ${ref.seqNo})`;
  const result = outcome(row, 'taken');
  if (result.done) return result;
  const [me] = await sql<{ login: string }[]>`SELECT session_user AS login`;
  if (result.assignee === me?.login) return result;
  throw new TakeRefusedError(ref.seqNo, result.assignee ?? '?');
}

/**
 * Assigns the note to `to` (a current member's login; undefined: nobody) when its assignee is still `expected` (as
 * the caller last saw it; undefined: nobody). done: false with the assignment as it is now when it was not.
 */
export async function assignNote(
  sql: Sql,
  ref: NoteRef,
  to: string | undefined,
  expected: string | undefined,
): Promise<AssignOutcome> {
  const [row] = await sql<Row[]>`
    SELECT * FROM seller_desk.assign_note(${ref.team}, ${ref.connection}, ${ref.seqNo}, ${to ?? null}::text,
                                         ${expected ?? null}::text)`;
  return outcome(row, 'changed');
}

/** The note's assignment as the team database holds it now. */
export async function assignmentOf(sql: Sql, ref: NoteRef): Promise<Assignment> {
  const [row] = await sql<Row[]>`
    SELECT true AS done, assignee, assigned_by, assigned_at FROM seller_desk.assignments
    WHERE team = ${ref.team} AND connection = ${ref.connection} AND seq_no = ${ref.seqNo}`;
  const { done: _done, ...a } = outcome(row, 'changed');
  return a;
}
