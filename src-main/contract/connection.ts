import type { DeskError } from './envelope';

export interface ServiceCheck {
  ok: boolean;
  durationMs: number;
  /** The operation used for the check. */
  operation: string;
  error?: DeskError;
}

export interface ConnectionInfo {
  profileId: string;
  profileName: string;
  kind: 'sandbox' | 'live';
  apiBaseUrl: string;
  suggestBaseUrl: string;
  soapVersion: '1.1' | '1.2';
  pageIndexBase: 0 | 1;
  /** The seller IDs of the account (the sandbox's own for the sandbox profile). */
  sellerIds: string[];
}

export interface ConnectionTestResult {
  info: ConnectionInfo;
  suggest: ServiceCheck;
  market: ServiceCheck;
}

export interface ConnectionContract {
  'connection.info': { req: void; res: ConnectionInfo };
  'connection.test': { req: void; res: ConnectionTestResult };
}

export const CONNECTION_CHANNELS = [
  'connection.info',
  'connection.test',
] as const satisfies readonly (keyof ConnectionContract)[];
