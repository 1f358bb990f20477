import { describe, expect, it } from 'vitest';
import { createBackend, recentNotes } from '../../../src-main/sandbox/backend';
import { SELLER_IDS } from '../../../src-main/sandbox/data/account';

const backend = createBackend({ seed: 42, now: new Date('2026-11-20T09:00:00+09:00'), notes: 500 });
const seller = SELLER_IDS[0];

describe('backend.lookbook', () => {
  it('makes image paths absolute on the origin asked for', () => {
    const a = backend.lookbook(seller, 'http://127.0.0.1:8788')!;
    const b = backend.lookbook(seller, 'http://192.168.0.7:8788')!;
    const paths = (shop: typeof a) => shop.items.flatMap((i) => i.ItemImagePathList ?? []);
    expect(paths(a).length).toBeGreaterThan(0);
    expect(paths(a).every((p) => p.startsWith('http://127.0.0.1:8788/'))).toBe(true);
    expect(paths(b).every((p) => p.startsWith('http://192.168.0.7:8788/'))).toBe(true);
    expect(paths(b)).toEqual(paths(a).map((p) => p.replace('127.0.0.1', '192.168.0.7')));
    // The seeded data keeps its relative paths.
    expect(backend.data.lookbooks[seller]!.items.flatMap((i) => i.ItemImagePathList ?? [])[0]).toMatch(/^\//);
  });

  it('gives the same objects for the same seller and origin, so responses can reuse their serialization', () => {
    const first = backend.lookbook(seller, 'http://localhost:8788')!;
    expect(backend.lookbook(seller, 'http://localhost:8788')).toBe(first);
    expect(backend.lookbook(seller, 'http://localhost:9999')).not.toBe(first);
    // However many origins are asked for, the answers stay right.
    for (let port = 1; port <= 20; port++) backend.lookbook(seller, `http://localhost:${port}`);
    expect(backend.lookbook(seller, 'http://localhost:8788')).toEqual(first);
  });

  it('has no lookbook for an unknown seller, including names an object inherits', () => {
    expect(backend.lookbook('nobody', 'http://x')).toBeUndefined();
    expect(backend.lookbook('constructor', 'http://x')).toBeUndefined();
    expect(backend.lookbook('__proto__', 'http://x')).toBeUndefined();
  });
});

describe('recentNotes', () => {
  it('is every note of the last 120 whole Korean days and of today so far, oldest first', () => {
    const now = Date.parse('2026-11-20T09:00:00+09:00');
    const notes = recentNotes(backend);
    expect(notes[0]!.InsDate!.slice(0, 10)).toBe('2026-07-23');
    expect(Date.parse(notes.at(-1)!.InsDate!)).toBeLessThanOrEqual(now);
    expect(notes).toEqual(
      backend.notes({ start: '2026-07-23T00:00:00+09:00', end: '2026-11-20T09:00:00+09:00' }),
    );
    expect(
      backend.notes({ start: '2026-07-22T00:00:00+09:00', end: '2026-07-22T23:59:59+09:00' }).length,
    ).toBeGreaterThan(0);
    expect(recentNotes(backend, 3).every((n) => n.InsDate! >= '2026-11-17')).toBe(true);
  });
});
