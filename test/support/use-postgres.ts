// One PostgreSQL server for a test file: started before its tests (a free loopback port, see postgres.ts), stopped
// after them. `set` receives the server; `after` runs first at the end (closing browsers and clients).
import { afterAll, beforeAll } from 'vitest';
import { startPostgres } from './postgres';
import type { PgServer } from './postgres';

export function usePostgres(set: (pg: PgServer) => void, after: () => Promise<void> = async () => {}): void {
  let server: PgServer | undefined;
  beforeAll(async () => {
    server = await startPostgres();
    set(server);
  }, 60_000);
  afterAll(async () => {
    await after();
    // A test may have stopped it already (the database going away is what some tests are about).
    await server?.stop().catch(() => undefined);
  });
}
