import type { ErrorFacts } from './envelope';

/** One SOAP exchange as the network inspector shows it. Envelopes are already redacted: no ticket ever. */
export interface Exchange {
  id: number;
  operation: string;
  service: 'suggest' | 'market';
  soapVersion: '1.1' | '1.2';
  url: string;
  /** Epoch ms when the call started. */
  startedAt: number;
  durationMs: number;
  attempts: number;
  /** HTTP status of the last attempt; absent when no response came. */
  status?: number;
  bytesSent: number;
  bytesReceived: number;
  requestHeaders: Record<string, string>;
  requestXml: string;
  /** Capped at 256 KiB for the inspector. */
  responseXml?: string;
  /** Worded like a DeskError: the renderer shows its own headline, and the marketplace's reason under it. */
  error?: { code: string; message: string; reason?: string; facts?: ErrorFacts };
}

/**
 * An exchange as the list shows it: everything but the headers and envelopes, so a poll stays a few KiB
 * however large the responses (500 exchanges of 256 KiB would be 128 MB a poll). `network.get` gives the rest.
 */
export type ExchangeSummary = Omit<Exchange, 'requestHeaders' | 'requestXml' | 'responseXml'>;

export interface NetworkListRequest {
  operation?: string;
  /** 'ok' = HTTP 200 without error, 'error' = anything else. */
  outcome?: 'ok' | 'error';
}

export interface NetworkContract {
  'network.list': { req: NetworkListRequest; res: ExchangeSummary[] };
  /** One exchange with its envelopes; null once it has left the log (cleared, or pushed out by newer ones). */
  'network.get': { req: { id: number }; res: Exchange | null };
  'network.clear': { req: void; res: void };
}

export const NETWORK_CHANNELS = [
  'network.list',
  'network.get',
  'network.clear',
] as const satisfies readonly (keyof NetworkContract)[];
