// The import graph of the project's own TypeScript, read as the compiler reads it (every import, `import type`
// and re-exports included), and its circles: strongly connected components of more than one file, or a file
// importing itself.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx)$/;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(entry) && !entry.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Every source file under `dirs` with the project files it imports. */
export function importGraph(root: string, dirs: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const dir of dirs) {
    for (const file of sourceFiles(join(root, dir))) {
      const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = info.importedFiles
        .map((f) => resolveImport(file, f.fileName))
        .filter((t): t is string => t !== undefined);
      graph.set(relative(root, file), [...new Set(targets.map((t) => relative(root, t)))]);
    }
  }
  return graph;
}

/** The circles of the graph (Tarjan's strongly connected components), each as its files, sorted. */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v);
  return circles;
}
