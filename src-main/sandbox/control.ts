// The sandbox's control routes: what a seller would do in the marketplace's web console, for tests and demos to
// drive from outside the SOAP API. Only `POST /sandbox/notes/{SeqNo}/reply` exists: it answers that note now.
// Loopback peers only, whatever address the server listens on: the routes change the data everyone sees.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatDateTime } from '../../src-shared/date-time';

const CONTROL_PREFIX = '/sandbox/';
const REPLY_ROUTE = /^\/sandbox\/notes\/([^/]*)\/reply$/;
const INT_MAX = 2 ** 31 - 1;

/** What the control routes need of the backend. */
export interface ControlTarget {
  reply(seqNo: number): { answeredAt: number } | undefined;
}

/** Whether a socket's peer address is this machine's loopback (IPv4, IPv6, or IPv4 mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

export function isControlPath(url: string | undefined): boolean {
  return url !== undefined && url.startsWith(CONTROL_PREFIX);
}

/**
 * A SeqNo as the path carries it: an xsd:int in decimal (optional sign, digits). Undefined when it is not one,
 * which is the caller's error (400); an int that names no note is a 404.
 */
export function parseSeqNo(raw: string): number | undefined {
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (!/^[+-]?\d{1,10}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= -INT_MAX - 1 && n <= INT_MAX ? n : undefined;
}

function sendJson(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}) {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(bytes.length),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(bytes);
}

/**
 * A browser page on another site could post to a loopback address too; a request that says it comes from a page
 * (Origin) of another host than the one it addressed is refused. curl and test clients send no Origin.
 */
function crossSite(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true;
  }
}

/** Answers a request under CONTROL_PREFIX. */
export function handleControl(req: IncomingMessage, res: ServerResponse, target: ControlTarget): void {
  if (!isLoopback(req.socket.remoteAddress)) {
    return sendJson(res, 403, {
      error: `The sandbox's control routes answer only this computer (loopback); the request came from ${req.socket.remoteAddress ?? 'an unknown address'}.`,
    });
  }
  if (crossSite(req)) {
    return sendJson(res, 403, {
      error: `The sandbox's control routes refuse requests from web pages of other sites (Origin ${req.headers.origin}).`,
    });
  }
  const path = (req.url ?? '').split('?', 1)[0] as string;
  const route = REPLY_ROUTE.exec(path);
  if (!route) {
    return sendJson(res, 404, {
      error: `No control route ${path}; the sandbox has POST /sandbox/notes/{SeqNo}/reply.`,
    });
  }
  if (req.method !== 'POST') {
    return sendJson(
      res,
      405,
      { error: `Use POST on ${path}; got ${req.method ?? 'no method'}.` },
      { allow: 'POST' },
    );
  }
  const raw = route[1] as string;
  const seqNo = parseSeqNo(raw);
  if (seqNo === undefined) {
    return sendJson(res, 400, { error: `SeqNo must be a whole number (xsd:int); got "${raw}".` });
  }
  const answered = target.reply(seqNo);
  if (!answered) {
    return sendJson(res, 404, {
      error: `No note ${seqNo} has arrived at the sandbox.`,
      seqNo,
    });
  }
  sendJson(res, 200, {
    seqNo,
    replyStatus: 'ReplyComplete',
    answeredAt: formatDateTime(answered.answeredAt),
  });
}
