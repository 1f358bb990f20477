// The one reader of the SOAP Security header, for both ends of the wire: the client reads the EncryptedTicket a
// response hands back, the sandbox the AuthenticationTicket and EncryptedTicket a request carries. Version-free:
// it reads the Header element readEnvelope found, in a SOAP 1.1 or 1.2 envelope alike.
import type { XmlElement } from './xml-read';

const SECURITY_TICKETS = ['AuthenticationTicket', 'EncryptedTicket'] as const;
export type SecurityTicketName = (typeof SECURITY_TICKETS)[number];

export interface SecurityHeader {
  authenticationTicket?: string;
  encryptedTicket?: string;
  /**
   * Ticket blocks given more than once. Which one counts would be a guess, so a repeated block's value is left
   * out: the sandbox refuses the request, the client keeps the ticket it holds.
   */
  repeated: SecurityTicketName[];
}

// XML's own whitespace, which a pretty-printing serializer may put around a value; nothing a ticket contains.
const XML_SPACE = /^[ \t\r\n]+|[ \t\r\n]+$/g;

function valueOf(block: XmlElement, securityNs: string): string | undefined {
  // Value is in the Security namespace when the schema qualifies elements; some serializers leave it unqualified.
  const value =
    block.children.find((c) => c.name === 'Value' && c.ns === securityNs) ??
    block.children.find((c) => c.name === 'Value' && c.ns === '');
  const text = value?.text.replace(XML_SPACE, '');
  return text ? text : undefined;
}

/**
 * The ticket blocks of `header` in `securityNs` (`nsUri('security', ns)`, compared as a whole URI; any prefix).
 * Blocks in another namespace are not the marketplace's and are ignored; an empty Value counts as none.
 */
export function readSecurityHeader(header: XmlElement | undefined, securityNs: string): SecurityHeader {
  const found = new Map<SecurityTicketName, XmlElement[]>();
  for (const block of header?.children ?? []) {
    if (block.ns !== securityNs) continue;
    const name = SECURITY_TICKETS.find((n) => n === block.name);
    if (name) found.set(name, [...(found.get(name) ?? []), block]);
  }
  const out: SecurityHeader = { repeated: [] };
  for (const name of SECURITY_TICKETS) {
    const blocks = found.get(name) ?? [];
    if (blocks.length > 1) {
      out.repeated.push(name);
      continue;
    }
    const value = blocks[0] && valueOf(blocks[0], securityNs);
    if (value === undefined) continue;
    if (name === 'AuthenticationTicket') out.authenticationTicket = value;
    else out.encryptedTicket = value;
  }
  return out;
}

/**
 * Every ticket Value in the Security header of the envelope `root`, repeated blocks included, read before the
 * envelope is checked: what a response hands out is a secret of that same response, to scrub from its body and
 * from a fault it carries. Nothing here decides which ticket counts (readSecurityHeader does).
 */
export function headerTicketValues(root: XmlElement, securityNs: string): string[] {
  const header = root.children.find((c) => c.name === 'Header' && c.ns === root.ns);
  const values: string[] = [];
  for (const block of header?.children ?? []) {
    if (block.ns !== securityNs || !SECURITY_TICKETS.some((n) => n === block.name)) continue;
    for (const c of block.children) {
      const text = c.name === 'Value' ? c.text.replace(XML_SPACE, '') : '';
      if (text) values.push(text);
    }
  }
  return values;
}
