// Text mutations for fuzzing readers: delete, insert, duplicate a run, or flip one character's low bit.
export interface Mutation {
  kind: 'delete' | 'insert' | 'duplicate' | 'flip';
  at: number;
  len: number;
  text: string;
}

export function mutate(s: string, ms: readonly Mutation[]): string {
  let out = s;
  for (const m of ms) {
    const at = m.at % (out.length + 1);
    if (m.kind === 'delete') out = out.slice(0, at) + out.slice(at + m.len);
    else if (m.kind === 'insert') out = out.slice(0, at) + m.text + out.slice(at);
    else if (m.kind === 'duplicate')
      out = out.slice(0, at + m.len) + out.slice(at, at + m.len) + out.slice(at + m.len);
    else out = out.slice(0, at) + String.fromCharCode((out.charCodeAt(at) || 65) ^ 1) + out.slice(at + 1);
  }
  return out;
}
