// What a thrown value says about itself, read in one place. Anything can be thrown: a SoapError or a HostError, an
// Error given a `deskCode` by the layer that made it, a DOMException, a string. Every catch that needs the desk's
// error code (the contract's ErrorCode names) or the error's sentences reads them here instead of guessing a shape.

/** One property of a thrown value, own or inherited (a Node error's `code`, an undici error's `cause`…). */
export function thrownPart(err: unknown, part: string): unknown {
  return typeof err === 'object' && err !== null ? Reflect.get(err, part) : undefined;
}

/** One text part of a thrown value (`message`, `detail`, `reason`, `name`…) when it is a string. */
export function thrownText(err: unknown, part: string): string | undefined {
  const value = thrownPart(err, part);
  return typeof value === 'string' ? value : undefined;
}

/** The desk error code a thrown value carries (its `deskCode`), or undefined when it carries none. */
export function deskCodeOf(err: unknown): string | undefined {
  return thrownText(err, 'deskCode');
}

/** The code a failure is reported under: the one it carries, else INTERNAL. */
export function errorCodeOf(err: unknown): string {
  return deskCodeOf(err) ?? 'INTERNAL';
}

/** The thrown value's own sentence: its message when it has one, else the value as text. */
export function errorMessageOf(err: unknown): string {
  return thrownText(err, 'message') ?? String(err);
}
