// Release 0.1.0's inbox (the last commit before the notes mirror), measured by its own renderer bench on
// this machine in the same run, so the filter keystroke's figure stands beside the design it replaced. Its
// target ("≤ 16 ms, as today") was set from that release's figure on the machine of that day; the same
// release measured here, beside what its own bench recorded on that day (its committed bench/results.json),
// says how much of a gap is the machine's.
//
// The release is checked out from this repository's history into a temporary worktree, installed from the
// npm registry, built, and benched with its own code and procedure. Without the history (a shallow clone)
// or the registry, the comparison is skipped and says why.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

/** Release 0.1.0: the renderer that received the whole notes cache over IPC. */
export const LEGACY_RENDERER_COMMIT = 'cdbe5251c7cbd1167f0ef00cc4053083d0347969';

const latency = z.object({ p50: z.number(), p95: z.number(), samples: z.number() });
const legacyResults = z.object({
  machine: z.object({ date: z.string() }),
  renderer: z.object({
    notes: z.number(),
    filter: z.object({ painted: latency }),
    search: z.object({ painted: latency }),
    nullKeystroke: z.object({ painted: latency }),
  }),
});

/** What the release's own bench recorded on the day it was committed: the figure the target was set from. */
export type RecordedFilter =
  { date: string; notes: number; filter: z.infer<typeof latency> } | { skipped: string };

export type LegacyRenderer =
  | {
      commit: string;
      notes: number;
      filter: z.infer<typeof latency>;
      search: z.infer<typeof latency>;
      nullKeystroke: z.infer<typeof latency>;
      recorded: RecordedFilter;
    }
  | { skipped: string };

type Results = z.infer<typeof legacyResults>;

/** A bench/results.json's text as the release's bench wrote it, or why it cannot be read (`which` names the file). */
function parseResults(json: string, which: string): { data: Results } | { skipped: string } {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (e) {
    return { skipped: `${which} is unreadable: ${(e as Error).message}` };
  }
  const parsed = legacyResults.safeParse(data);
  return parsed.success
    ? { data: parsed.data }
    : { skipped: `${which} has no renderer figures: ${parsed.error.issues[0]?.message}` };
}

/** Reads a release's committed bench/results.json: its filter keystroke figure and the day it was measured. */
export function recordedFilter(json: string): RecordedFilter {
  const parsed = parseResults(json, 'its committed bench/results.json');
  if ('skipped' in parsed) return parsed;
  const { machine, renderer } = parsed.data;
  return { date: machine.date, notes: renderer.notes, filter: renderer.filter.painted };
}

function committedResults(repo: string): RecordedFilter {
  const r = spawnSync('git', ['show', `${LEGACY_RENDERER_COMMIT}:bench/results.json`], {
    cwd: repo,
    encoding: 'utf8',
    maxBuffer: 64 * 2 ** 20,
  });
  if (r.status !== 0) return { skipped: `git show failed: ${(r.stderr ?? '').trim()}` };
  return recordedFilter(r.stdout);
}

function run(
  cmd: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const r = spawnSync(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (r.status === 0) return undefined;
  const tail = `${r.stderr ?? ''}${r.stdout ?? ''}`.trim().split('\n').slice(-3).join(' ');
  return `${cmd} ${args.join(' ')} failed (${r.error?.message ?? `exit ${r.status}`}): ${tail}`;
}

const progress = (what: string) => process.stderr.write(`  renderer, release 0.1.0: ${what}\n`);

export function benchLegacyRenderer(repo = process.cwd()): LegacyRenderer {
  if (run('git', ['cat-file', '-e', `${LEGACY_RENDERER_COMMIT}^{commit}`], repo))
    return { skipped: `commit ${LEGACY_RENDERER_COMMIT.slice(0, 7)} is not in this clone's history` };
  const dir = mkdtempSync(join(tmpdir(), 'bench-legacy-renderer-'));
  const removeWorktree = () => {
    run('git', ['worktree', 'remove', '--force', dir], repo);
    rmSync(dir, { recursive: true, force: true });
    run('git', ['worktree', 'prune'], repo);
  };
  try {
    progress('checking out');
    const failed =
      run('git', ['worktree', 'add', '--detach', dir, LEGACY_RENDERER_COMMIT], repo) ??
      (progress('installing'),
      run('npm', ['ci', '--no-audit', '--no-fund'], dir, {
        ...process.env,
        ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
      })) ??
      (progress('building'), run('npm', ['run', 'build'], dir)) ??
      (progress('its own renderer bench'),
      run(process.execPath, ['--import', 'tsx', 'bench/run.ts', 'renderer'], dir));
    if (failed) return { skipped: failed };
    let json: string;
    try {
      json = readFileSync(join(dir, 'bench/results.json'), 'utf8');
    } catch (e) {
      return { skipped: `its bench/results.json is unreadable: ${(e as Error).message}` };
    }
    const parsed = parseResults(json, 'its bench/results.json');
    if ('skipped' in parsed) return parsed;
    const r = parsed.data.renderer;
    return {
      commit: LEGACY_RENDERER_COMMIT,
      notes: r.notes,
      filter: r.filter.painted,
      search: r.search.painted,
      nullKeystroke: r.nullKeystroke.painted,
      recorded: committedResults(repo),
    };
  } finally {
    removeWorktree();
  }
}
