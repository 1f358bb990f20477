// One caller per team and connection, across processes: a session-level advisory lock the database releases when
// the holder's session dies. Would-be callers run as separate processes; the holder is killed with SIGKILL.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from 'postgres';
import { CALLER_LOCK, callerLockHolders, takeCallerLock } from '../../../src-main/team/caller-lock';
import { addMember } from '../../../src-main/team/members';
import { parseTeamUrl } from '../../../src-main/team/team-url';
import { startPostgres } from '../../support/postgres';
import type { PgServer } from '../../support/postgres';
import { closeClients, teamDatabase, until } from '../../support/team-db';

let pg: PgServer;
// initdb and the server's start take about a second; more on a loaded machine.
beforeAll(async () => {
  pg = await startPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await closeClients();
});

interface Caller {
  child: ChildProcess;
  lines: string[];
  said(word: string): boolean;
}

function caller(url: string, mode: 'try' | 'wait'): Caller {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/support/caller-lock-child.ts', url, 'c1', mode],
    {
      cwd: process.cwd(),
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  children.push(child);
  const lines: string[] = [];
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)));
  return { child, lines, said: (word) => lines.includes(word) };
}

const alive = (c: Caller): boolean => c.child.exitCode === null && c.child.signalCode === null;
/** Callers that hold the lock by their own word: said held, neither released nor died since. */
const holding = (cs: Caller[]): Caller[] =>
  cs.filter((c) => alive(c) && c.said('held') && !c.said('released'));

async function waiters(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pg_locks
    WHERE locktype = 'advisory' AND NOT granted AND classid::bigint = ${CALLER_LOCK}`;
  return row?.n ?? 0;
}

async function team(): Promise<{ admin: Sql; anna: string; ben: string }> {
  const { sql: admin, database } = await teamDatabase(pg);
  const url = (login: string, password: string): string =>
    `${pg.url({ user: login, password, database })}?team=shop`;
  const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const anna = url(`anna_${suffix}`, await addMember(admin, 'shop', `anna_${suffix}`));
  const ben = url(`ben_${suffix}`, await addMember(admin, 'shop', `ben_${suffix}`));
  return { admin, anna, ben };
}

describe('the caller lock', () => {
  it('two would-be callers never hold it at once; kill -9 the holder and a waiting one takes over', async () => {
    const { admin, anna, ben } = await team();
    const a = caller(anna, 'try');
    await until(() => a.said('held'));
    const b = caller(ben, 'try');
    await until(() => b.said('busy'));
    const c = caller(ben, 'wait');
    await until(async () => (await waiters(admin)) === 1);
    expect(holding([a, b, c])).toEqual([a]);
    const [holder] = await callerLockHolders(admin, 'shop');
    expect(holder?.login).toMatch(/^anna_/);

    const killedAt = Date.now();
    const exited = new Promise((resolve) => a.child.once('exit', resolve));
    a.child.kill('SIGKILL');
    await exited;
    await until(() => c.said('held'), 10_000);
    console.log(`caller lock: taken over ${Date.now() - killedAt} ms after kill -9 of the holder`);
    expect(holding([a, b, c])).toEqual([c]);
    const holders = await callerLockHolders(admin, 'shop');
    expect(holders.map((h) => h.login)).toEqual([expect.stringMatching(/^ben_/)]);

    // The next one waits for c, and gets it when c releases it.
    const d = caller(anna, 'wait');
    await until(async () => (await waiters(admin)) === 1);
    expect(d.said('held')).toBe(false);
    c.child.stdin!.write('release\n');
    await until(() => d.said('held'));
    expect(c.said('released')).toBe(true);
    expect(holding([a, b, c, d])).toEqual([d]);
  });

  it('several waiting callers: exactly one holds it at every handover', async () => {
    const { admin, anna, ben } = await team();
    const cs = [caller(anna, 'wait'), caller(ben, 'wait'), caller(anna, 'wait')];
    await until(async () => holding(cs).length === 1 && (await waiters(admin)) === 2);
    for (let round = 0; round < 2; round++) {
      const [current] = holding(cs);
      const exited = new Promise((resolve) => current!.child.once('exit', resolve));
      current!.child.kill('SIGKILL');
      await exited;
      await until(() => holding(cs).length === 1);
      expect(holding(cs)).not.toContain(current);
      expect(await callerLockHolders(admin, 'shop')).toHaveLength(1);
    }
  });

  it('in process: a second take is refused while held, and the holder learns when its session is ended', async () => {
    const { admin, anna } = await team();
    const target = parseTeamUrl(anna, {});
    const lock = await takeCallerLock(target, 'c1');
    expect(lock).toBeDefined();
    expect(await takeCallerLock(target, 'c1')).toBeUndefined();
    // Another connection of the team has a lock of its own.
    const other = await takeCallerLock(target, 'c2');
    expect(other).toBeDefined();
    await other!.release();
    const [{ pid } = { pid: 0 }] = await callerLockHolders(admin, 'shop');
    await admin`SELECT pg_terminate_backend(${pid})`;
    await lock!.lost;
    const again = await takeCallerLock(target, 'c1');
    expect(again).toBeDefined();
    await again!.release();
    await lock!.release();
  });

  it('a waiting take gives up when its signal is aborted, holding nothing', async () => {
    const { admin, anna, ben } = await team();
    const held = await takeCallerLock(parseTeamUrl(anna, {}), 'c1');
    const controller = new AbortController();
    const waiting = takeCallerLock(parseTeamUrl(ben, {}), 'c1', { wait: true, signal: controller.signal });
    await until(async () => (await waiters(admin)) === 1);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({
      deskCode: 'ABORTED',
      message: expect.stringMatching(/cancelled/),
    });
    expect(await waiters(admin)).toBe(0);
    expect((await callerLockHolders(admin, 'shop')).map((h) => h.login)).toEqual([
      expect.stringMatching(/^anna_/),
    ]);
    await held!.release();
    expect(await callerLockHolders(admin, 'shop')).toEqual([]);
  });
});
