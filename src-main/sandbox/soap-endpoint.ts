// One SOAP request to one service, from its bytes to the response's bytes: the action ASMX dispatches on, the
// envelope, the operation, the Security header's tickets, and the operation's answer. Whatever the caller got
// wrong is thrown as a ClientFault (or an error clientFaultOf turns into one).
import type { IncomingHttpHeaders } from 'node:http';
import { OPERATIONS, nsUri, soapAction } from '../schema';
import type {
  OperationName,
  RequestOf,
  ResultOf,
  ServiceName,
  ServiceNamespaces,
  SuggestOperationName,
} from '../schema';
import { readEnvelope } from '../soap/envelope-read';
import type { SoapVersion } from '../soap/envelope-read';
import { readSecurityHeader } from '../soap/security-header';
import { parseXml } from '../soap/xml-read';
import type { SandboxBackend } from './backend';
import { ClientFault } from './client-fault';
import type { MarketOperations } from './market-operations';
import { decodeRequest } from './request-read';
import { buildResponseBytes, createResponseMemo } from './response-write';
import type { TicketIssuer } from './ticket-issuer';

export interface SoapEndpointDeps {
  ns: ServiceNamespaces;
  backend: SandboxBackend;
  market: MarketOperations;
  issuer: TicketIssuer;
  maxRequestBytes: number;
}

/** Answers one request body; `origin` is asked only by an operation that names the server's own address. */
export type SoapEndpoint = (
  service: ServiceName,
  version: SoapVersion,
  body: Buffer,
  headers: IncomingHttpHeaders,
  origin: () => string,
) => Buffer;

export function createSoapEndpoint(deps: SoapEndpointDeps): SoapEndpoint {
  const { ns, backend, market, issuer, maxRequestBytes } = deps;
  // A record object never changes (a note's other status is another object): each is serialized (to UTF-8) once
  // per namespace context, then reused while the notes cache keeps it.
  const memo = createResponseMemo();
  // What each service's SOAPAction values name, computed once.
  const actionsOf: Record<ServiceName, Map<string, OperationName>> = {
    market: new Map(),
    suggest: new Map(),
  };
  for (const op of Object.keys(OPERATIONS) as OperationName[]) {
    actionsOf[OPERATIONS[op].service].set(soapAction(op, ns), op);
  }

  return (service, version, body, headers, origin) => {
    // ASMX dispatches on the action before it reads the body.
    const action = actionOf(version, headers);
    const actions = actionsOf[service];
    if (version === '1.1' && (action === undefined || !actions.has(action))) {
      throw new ClientFault(`Server did not recognize the value of HTTP Header SOAPAction: ${action ?? ''}.`);
    }
    if (version === '1.2' && action !== undefined && action !== '' && !actions.has(action)) {
      throw new ClientFault(`Server did not recognize the value of the action parameter: ${action}.`);
    }

    const root = parseXml(body, { contentType: headers['content-type'], maxBytes: maxRequestBytes });
    const env = readEnvelope(root);
    if (env.version !== version) {
      throw new ClientFault(
        `The envelope is SOAP ${env.version} but the Content-Type announces SOAP ${version}.`,
        'VersionMismatch',
      );
    }
    if (!env.payload) throw new ClientFault('The SOAP Body is empty.');
    const decoded = decodeRequest(env.payload, service, ns);
    if (action !== undefined && action !== '' && actions.get(action) !== decoded.op) {
      throw new ClientFault(`The action ${action} does not match the body element ${decoded.op}.`);
    }

    if (service === 'suggest') {
      const result = backend.suggest(
        decoded.op as SuggestOperationName,
        decoded.request as never,
        new Date(backend.now()),
      );
      return buildResponseBytes(decoded.op, result as never, { version, ns, memo });
    }

    const security = readSecurityHeader(env.header, nsUri('security', ns));
    const repeated = security.repeated[0];
    if (repeated)
      throw new ClientFault(`The ${repeated} header is given more than once.`, `${repeated}Repeated`);
    const request = decoded.request as RequestOf<'BuyerNoteList'> & RequestOf<'GetSohoLookbook'>;
    const verdict = issuer.check(security.authenticationTicket, security.encryptedTicket, {
      required: decoded.op === 'BuyerNoteList',
      value: request.MemberTicket?.Ticket,
    });
    if (!verdict.ok) throw new ClientFault(verdict.reason, verdict.subcode);
    const result =
      decoded.op === 'BuyerNoteList'
        ? market.buyerNoteList(decoded.request)
        : decoded.op === 'GetSohoLookbook'
          ? market.lookbook(decoded.request, origin())
          : undefined;
    return buildResponseBytes(decoded.op, result as ResultOf<typeof decoded.op>, {
      version,
      ns,
      encryptedTicket: issuer.issue(),
      memo,
    });
  };
}

/** The SOAP version a Content-Type announces; undefined for any other media type. */
export function versionOf(contentType: string | undefined): SoapVersion | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  if (type === 'text/xml') return '1.1';
  if (type === 'application/soap+xml') return '1.2';
  return undefined;
}

function unquote(s: string): string {
  const t = s.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t;
}

/**
 * 1.1: the SOAPAction header. 1.2: the Content-Type action parameter only; SOAPAction is not part of the 1.2
 * binding, so a header some clients still send is tolerated and ignored.
 */
function actionOf(version: SoapVersion, headers: IncomingHttpHeaders): string | undefined {
  if (version === '1.1') {
    const header = headers['soapaction'];
    return typeof header === 'string' ? unquote(header) : undefined;
  }
  const m = /;\s*action\s*=\s*("([^"]*)"|[^;\s]+)/i.exec(headers['content-type'] ?? '');
  return m ? (m[2] ?? m[1]) : undefined;
}
