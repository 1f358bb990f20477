// A team database named by a PostgreSQL connection URL (`--team URL`, SELLER_DESK_TEAM): which server, database and
// login, and which team (the `team` parameter, one shop among those sharing the database; default "default").
// The password comes from the URL, else PGPASSWORD, else the .pgpass file (PGPASSFILE or ~/.pgpass), and is
// never printed: every message about the database is passed through redactTeamSecrets first.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const DEFAULT_TEAM = 'default';
/** What a team's name may be: it is stored, compared and shown, never spliced into SQL. */
const TEAM_NAME = /^[\p{L}\p{N}_.-]{1,64}$/u;

export interface TeamTarget {
  host: string;
  port: number;
  database: string;
  user: string;
  team: string;
  /** The password, wherever it came from; never printed. */
  password: string | undefined;
  passwordFrom: 'url' | 'PGPASSWORD' | 'pgpass' | 'none';
  /** Connection parameters the URL names besides the team (sslmode…), handed to the client. */
  params: Record<string, string>;
}

export class TeamUrlError extends Error {
  readonly deskCode = 'TEAM_URL';
}

/** Replaces every secret (as written, URL-encoded and decoded) and any URL's password by ***. */
export function redactTeamSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text.replace(/(postgres(?:ql)?:\/\/[^:/@\s]*):[^@\s]*@/giu, '$1:***@');
  const forms = new Set<string>();
  for (const s of secrets) {
    if (!s) continue;
    forms.add(s);
    forms.add(encodeURIComponent(s));
    try {
      forms.add(decodeURIComponent(s));
    } catch {
      // not URL-encoded text
    }
  }
  for (const form of [...forms].filter(Boolean).sort((a, b) => b.length - a.length)) {
    out = out.split(form).join('***');
  }
  return out;
}

function pgpassField(field: string, value: string): boolean {
  return field === '*' || field === value;
}

/** The password .pgpass gives for this server, database and user (the first matching line, as libpq reads it). */
export function pgpassPassword(
  text: string,
  t: Pick<TeamTarget, 'host' | 'port' | 'database' | 'user'>,
): string | undefined {
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    // Fields are split on unescaped colons; \: and \\ are a colon and a backslash.
    const fields: string[] = [];
    let cur = '';
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (ch === '\\' && i + 1 < line.length) cur += line[++i];
      else if (ch === ':' && fields.length < 4) {
        fields.push(cur);
        cur = '';
      } else cur += ch;
    }
    fields.push(cur);
    if (fields.length !== 5) continue;
    const [host, port, db, user, password] = fields as [string, string, string, string, string];
    const hostMatches =
      pgpassField(host, t.host) || (host === 'localhost' && ['127.0.0.1', '::1'].includes(t.host));
    if (hostMatches && pgpassField(port, String(t.port)) && pgpassField(db, t.database))
      if (pgpassField(user, t.user)) return password;
  }
  return undefined;
}

function readPgpass(env: Record<string, string | undefined>): string | undefined {
  const file = env['PGPASSFILE'] ?? (env['HOME'] ? join(env['HOME'], '.pgpass') : undefined);
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** Reads a team URL; the password is looked up as libpq does (URL, PGPASSWORD, .pgpass). */
export function parseTeamUrl(raw: string, env: Record<string, string | undefined>): TeamTarget {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TeamUrlError('The team database URL is not a URL; write postgres://USER@HOST:PORT/DATABASE.');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new TeamUrlError('The team database URL must start with postgres:// or postgresql://.');
  }
  const user = decodeURIComponent(url.username) || env['PGUSER'] || '';
  if (!user) throw new TeamUrlError('The team database URL names no user: postgres://USER@HOST/DATABASE.');
  const host = url.hostname.replace(/^\[(.*)\]$/u, '$1') || 'localhost';
  const port = url.port ? Number(url.port) : 5432;
  const database = decodeURIComponent(url.pathname.replace(/^\//u, '')) || user;
  const params: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (k !== 'team') params[k] = v;
  const teams = url.searchParams.getAll('team');
  const team = teams[0] ?? DEFAULT_TEAM;
  if (teams.length > 1 || !TEAM_NAME.test(team)) {
    throw new TeamUrlError(
      'The team (the URL\'s team=…, given once) is 1 to 64 letters, digits, "_", "." or "-".',
    );
  }
  const target = { host, port, database, user, team, params };
  if (url.password) return { ...target, password: decodeURIComponent(url.password), passwordFrom: 'url' };
  if (env['PGPASSWORD']) return { ...target, password: env['PGPASSWORD'], passwordFrom: 'PGPASSWORD' };
  const fromFile = readPgpass(env);
  const password = fromFile === undefined ? undefined : pgpassPassword(fromFile, target);
  return { ...target, password, passwordFrom: password === undefined ? 'none' : 'pgpass' };
}

/** The URL as it may be shown: no password. */
export function describeTarget(t: TeamTarget): string {
  const host = t.host.includes(':') ? `[${t.host}]` : t.host;
  return `postgres://${encodeURIComponent(t.user)}@${host}:${t.port}/${encodeURIComponent(t.database)} (team ${t.team})`;
}
