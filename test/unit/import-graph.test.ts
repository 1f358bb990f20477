import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../support/import-graph';

const ROOT = process.cwd();

describe('the import graph', () => {
  it('has no circle in the sources, type imports included', () => {
    const graph = importGraph(ROOT, ['src-main', 'src-shared', 'src-renderer']);
    expect(graph.size).toBeGreaterThan(150);
    expect(importCircles(graph)).toEqual([]);
  });

  it('finds a circle that runs through a type import', () => {
    const circles = importCircles(importGraph(ROOT, ['test/lint/fixtures/circle']));
    expect(circles).toEqual([['test/lint/fixtures/circle/a.ts', 'test/lint/fixtures/circle/b.ts']]);
  });
});
