import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HttpStatusError, TimeoutError } from '../../../src-main/soap/errors';
import { HostError } from '../../../src-main/host/dispatch';
import { deskCodeOf, errorCodeOf, errorMessageOf, thrownPart, thrownText } from '../../../src-shared/thrown';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('reading what was thrown', () => {
  it('reads a desk error’s code from anything thrown', () => {
    expect(deskCodeOf(new TimeoutError(1000))).toBe('TIMEOUT');
    expect(deskCodeOf(new HttpStatusError(503, ''))).toBe('HTTP_ERROR');
    expect(deskCodeOf(Object.assign(new Error('x'), { deskCode: 'ABORTED' }))).toBe('ABORTED');
    for (const other of [
      new Error('x'),
      new HostError('NOT_FOUND', 'gone'),
      'text',
      null,
      undefined,
      42,
      { deskCode: 7 },
    ])
      expect(deskCodeOf(other)).toBeUndefined();
    expect(errorCodeOf(new TimeoutError(1000))).toBe('TIMEOUT');
    expect(errorCodeOf(new Error('x'))).toBe('INTERNAL');
    expect(errorCodeOf(null)).toBe('INTERNAL');
  });

  it('reads its sentences and parts without assuming a shape', () => {
    expect(errorMessageOf(new Error('boom'))).toBe('boom');
    expect(errorMessageOf('plain')).toBe('plain');
    expect(errorMessageOf(null)).toBe('null');
    expect(thrownText(new TimeoutError(1000, 'a.kr'), 'detail')).toBe('a.kr after 1000 ms');
    expect(thrownText({ detail: 3 }, 'detail')).toBeUndefined();
    expect(thrownPart(Object.assign(new Error('x'), { errcode: 11 }), 'errcode')).toBe(11);
    expect(thrownPart('ECONNREFUSED', 'code')).toBeUndefined();
  });

  it('is how every catch reads an error: no error’s shape is guessed with a cast', () => {
    // `err as { deskCode?: … }`, `(e as { code?: unknown }).code`, `deskCode ?? 'INTERNAL'`: each read goes through
    // src-shared/thrown.ts instead.
    const guess =
      /\bas \{[^}]*\b(?:deskCode|message|detail|reason|name|code|errcode|attempts|cause|errors|status|timeoutMs)\?:/;
    const fallback = /deskCode \?\? 'INTERNAL'/;
    const offenders = ['src-main', 'src-renderer', 'src-shared'].flatMap(sources).filter((f) => {
      const text = readFileSync(f, 'utf8');
      return guess.test(text) || fallback.test(text);
    });
    expect(offenders).toEqual([]);
  });
});
