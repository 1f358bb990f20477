// An IPC answer as text, for tests that look for a string in what crosses IPC: JSON, with an ArrayBuffer (the
// period's packed notes, NotesPeriod.packed) as its bytes read as UTF-8, so a text the buffer packs is found too.
export function envelopeText(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v instanceof ArrayBuffer ? new TextDecoder().decode(v) : v,
  );
}
