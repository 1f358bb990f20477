// mulberry32: 32-bit state, good enough statistical quality for fake data and fast enough to draw a few million
// numbers for 200k notes. Never Math.random: the sandbox must give the same data for the same seed.

export interface Rng {
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Uniform integer in [min, max]. */
  range(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/**
 * A generator that can be restarted on another seed, or resumed from a saved state: the notes timeline draws a
 * million notes with one of these rather than a million generators.
 */
export class Mulberry32 implements Rng {
  private a: number;
  constructor(seed: number) {
    this.a = seed >>> 0;
  }
  /** Restarts the sequence at `seed` (a seed or a saved `state`). */
  reseed(seed: number): this {
    this.a = seed >>> 0;
    return this;
  }
  /** Where the sequence is: reseed(state) continues from here. */
  get state(): number {
    return this.a;
  }
  next(): number {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  range(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(items.length)] as T;
  }
}

export function createRng(seed: number): Rng {
  return new Mulberry32(seed);
}

/**
 * A seed for one named stream, derived from the user's seed. Each part of the data draws from its own stream so
 * that, say, asking for more notes does not reshuffle the lookbooks or the keyword dictionary.
 */
export function streamSeed(seed: number, name: string): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (let i = 0; i < name.length; i++) {
    h = Math.imul(h ^ name.charCodeAt(i), 0x01000193) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return h >>> 0;
}

/**
 * A seed for the `index`-th member of a stream (a day of notes, a note of a day): any member can be drawn on its
 * own, in any order, without drawing the ones before it.
 */
export function memberSeed(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index, 0x9e3779b1)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
