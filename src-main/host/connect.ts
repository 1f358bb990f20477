// The one connection builder of the Electron app, the command line and the tests: the connection service over
// the built-in sandbox, started with the front end's options. Only the profile source, the ticket source and
// the sandbox's options differ between them; the transport, retry, ticket rotation and namespaces cannot.
import { sandboxIdentity, startSandbox } from '../sandbox/server';
import { sharedResponseDecoder } from '../soap/decode-pool';
import type { RunningSandbox, SandboxOptions } from '../sandbox/server';
import { createConnectionManager } from '../services/connection';
import type { ConnectionDeps, ConnectionManager } from '../services/connection';
import { endpointFingerprint } from '../storage/mirror-registry';
import type { Fingerprint } from '../storage/notes-store';

export type { SandboxOptions } from '../sandbox/server';

export interface ConnectOptions extends Omit<ConnectionDeps<RunningSandbox>, 'startSandbox'> {
  /** The built-in sandbox's seed, clock and drills (where it listens is the connection service's choice). */
  sandboxOptions?: SandboxOptions;
}

export function connectMarket(opts: ConnectOptions): ConnectionManager<RunningSandbox> {
  const { sandboxOptions, ...deps } = opts;
  return createConnectionManager({
    ...deps,
    startSandbox: (where) => startSandbox({ ...where, ...sandboxOptions }),
  });
}

/** The key of the built-in sandbox's notes mirror for these options, known before the sandbox starts. */
export function sandboxFingerprint(options?: SandboxOptions): Fingerprint {
  return endpointFingerprint({ kind: 'sandbox', identity: sandboxIdentity(options) });
}

/**
 * Starts the process's response-decoding worker now (settles once it has loaded its code, or could not start), so
 * the first large response does not wait for it: the app does it as the host starts, `desk sync` as it begins.
 */
export function warmResponseDecoder(): Promise<void> {
  return sharedResponseDecoder().warm();
}
