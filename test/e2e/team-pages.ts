// What every team E2E file sets up: one PostgreSQL server for the file, the browser and the team database's clients
// closed before the server stops, and the per-test cleanup of desktops and hosts.
import type { PgServer } from '../support/postgres';
import { closeClients } from '../support/team-db';
import { usePostgres } from '../support/use-postgres';
import { cleanupAfterEach } from './cleanup';
import { closeBrowser } from './harness';

export function useTeamPages(set: (pg: PgServer) => void): ReturnType<typeof cleanupAfterEach> {
  usePostgres(set, async () => {
    await closeBrowser();
    await closeClients();
  });
  return cleanupAfterEach();
}
