// Team-mode desktops for E2E tests: a team database with members, and desktops (a host with its page, a sandbox
// door on a shared marketplace backend) that name it in the sandbox profile, its password in the vault.
import type { Page } from 'playwright';
import type { AssembleOptions } from '../../src-main/host/assemble-host';
import { createHandlers, requestSchemas } from '../../src-main/host/create-handlers';
import type { SandboxBackend } from '../../src-main/sandbox/backend';
import { addMember } from '../../src-main/team/members';
import { createTestDeps } from '../support/host-deps';
import type { PgServer } from '../support/postgres';
import { teamDatabase } from '../support/team-db';
import type { Cleanup } from './cleanup';
import { openApp } from './harness';
import { settled } from './settle';

export interface TeamMember {
  url: string;
  password: string;
  login: string;
}

let teams = 0;

/** A team database 'shop' with the named members; logins are the server's, so each team gets its own suffix. */
export async function team(
  pg: PgServer,
  logins: readonly string[] = ['anna', 'ben'],
): Promise<{ member(login: string): TeamMember; sql: Awaited<ReturnType<typeof teamDatabase>>['sql'] }> {
  const { sql, database } = await teamDatabase(pg, ['shop']);
  teams += 1;
  const members = new Map<string, TeamMember>();
  for (const name of logins) {
    const login = `${name}${teams}`;
    const password = await addMember(sql, 'shop', login);
    members.set(name, {
      url: `postgres://${login}@${pg.host}:${pg.port}/${database}?team=shop`,
      password,
      login,
    });
  }
  return { member: (name) => members.get(name)!, sql };
}

export type Desktop = Awaited<ReturnType<typeof desktop>>;

/** One desktop: its host (the sandbox profile naming the team database), its sandbox door, its page. */
export async function desktop(
  cleanup: Cleanup,
  member: TeamMember,
  backend: SandboxBackend,
  options: { locale?: string; language?: 'ko' | 'en'; answerPageUrl?: string; now?: () => number } = {},
) {
  const relay: { toPage?: (event: string, payload: unknown) => Promise<void> } = {};
  const emit: AssembleOptions['emit'] = (event, payload) =>
    void relay.toPage?.(event, payload).catch(() => {});
  const deps = createTestDeps({
    sandbox: { backend },
    emit,
    team: { loopMs: 250, pollMs: 1000 },
    ...(options.now ? { now: options.now } : {}),
  });
  const { settings } = await deps.settings.get();
  await deps.vault.set('sandbox', { teamPassword: member.password });
  await deps.settings.update({
    ...(options.language ? { language: options.language } : {}),
    profiles: settings.profiles.map((p) =>
      p.id === 'sandbox'
        ? {
            ...p,
            teamUrl: member.url,
            ...(options.answerPageUrl ? { answerPageUrl: options.answerPageUrl } : {}),
          }
        : p,
    ),
  });
  await deps.connection.active();
  // What main put on the clipboard (Electron's clipboard in the app).
  const copied: string[] = [];
  deps.copyText = (text) => void copied.push(text);
  const app = await openApp({
    handlers: createHandlers(deps),
    schemas: requestSchemas,
    locale: options.locale ?? 'ko-KR',
  });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    await deps.close();
  };
  cleanup.push(close);
  relay.toPage = app.emit;
  await settled(app.page, app.calls);
  const sandbox = deps.connection.sandbox()!;
  return { ...app, deps, close, member, copied, requests: () => sandbox.stats.requests };
}

/** A desktop's element by test id. */
export const byTestId = (d: { page: Page }, id: string) => d.page.getByTestId(id);
