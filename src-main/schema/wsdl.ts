// WSDL 1.1 documents (with embedded XSD) for both services and both bindings, derived from the
// schema table. Every schema is elementFormDefault="qualified": child elements live in the
// namespace of the schema that declares their parent type — the rule the codec follows.
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { ENUM_ATTRS, ENUMS, RECORDS } from './records';
import type { NsKey, RecordName, RecordSpec } from './records';
import { OPERATIONS, operationNs, soapAction } from './operations';
import type { OperationName, OperationSpec, ServiceName } from './operations';
import { SERVICE_PATHS, XSD, nsUri } from './namespaces';
import type { ServiceNamespaces } from './namespaces';

const WSDL = 'http://schemas.xmlsoap.org/wsdl/';
const SOAP = 'http://schemas.xmlsoap.org/wsdl/soap/';
const SOAP12 = 'http://schemas.xmlsoap.org/wsdl/soap12/';
const PREFIX: Record<NsKey, string> = {
  suggest: 'sg',
  suggestTypes: 'st',
  market: 'mk',
  apiTypes: 'at',
  security: 'sec',
};
const SCALAR_XSD: Record<string, string> = {
  string: 'xs:string',
  int: 'xs:int',
  long: 'xs:long',
  boolean: 'xs:boolean',
  decimal: 'xs:decimal',
  dateTime: 'xs:dateTime',
};

const BINDING_NAMES: Record<ServiceName, { service: string; soap11: string; soap12: string; port: string }> =
  {
    suggest: {
      service: 'SuggestWebService',
      soap11: 'SuggestWebServiceSoap',
      soap12: 'SuggestWebServiceSoap12',
      port: 'SuggestWebServiceSoap',
    },
    market: {
      service: 'MarketService',
      soap11: 'MarketServiceSoap',
      soap12: 'MarketServiceSoap12',
      port: 'MarketServiceSoap',
    },
  };

const SERVICE_KEYS: Record<ServiceName, NsKey[]> = {
  suggest: ['suggest', 'suggestTypes'],
  market: ['market', 'apiTypes', 'security'],
};

function typeRef(type: string): string {
  if (type in SCALAR_XSD) return SCALAR_XSD[type]!;
  const spec = (RECORDS as Record<string, RecordSpec>)[type]!;
  return `${PREFIX[spec.ns]}:${type}`;
}

function writeComplexType(schema: XMLBuilder, name: RecordName) {
  const spec: RecordSpec = RECORDS[name];
  const ct = schema.ele(XSD, 'xs:complexType', { name });
  const base = spec.base ? (RECORDS as Record<string, RecordSpec>)[spec.base] : undefined;
  const host = base
    ? ct.ele(XSD, 'xs:complexContent').ele(XSD, 'xs:extension', { base: typeRef(spec.base!) })
    : ct;
  const children = Object.entries(spec.children ?? {});
  if (children.length > 0) {
    const seq = host.ele(XSD, 'xs:sequence');
    for (const [child, c] of children) {
      const attrs: Record<string, string> = {
        minOccurs: '0',
        maxOccurs: c.many ? 'unbounded' : '1',
        name: child,
        type: typeRef(c.type),
      };
      if (c.nillable) attrs['nillable'] = 'true';
      seq.ele(XSD, 'xs:element', attrs);
    }
  }
  const enums = ENUM_ATTRS[name] ?? {};
  for (const [attr, scalar] of Object.entries(spec.attrs)) {
    if (base && attr in base.attrs) continue;
    const enumName = enums[attr];
    host.ele(XSD, 'xs:attribute', { name: attr, type: enumName ? `at:${enumName}` : SCALAR_XSD[scalar]! });
  }
}

function writeSchemas(types: XMLBuilder, service: ServiceName, ns: ServiceNamespaces) {
  const keys = SERVICE_KEYS[service];
  for (const key of keys) {
    const tns = nsUri(key, ns);
    const schema = types.ele(XSD, 'xs:schema', { elementFormDefault: 'qualified', targetNamespace: tns });
    for (const other of keys) {
      if (other !== key) schema.ele(XSD, 'xs:import', { namespace: nsUri(other, ns) });
    }
    if (key === 'security') {
      for (const name of ['AuthenticationTicket', 'EncryptedTicket']) {
        schema
          .ele(XSD, 'xs:element', { name })
          .ele(XSD, 'xs:complexType')
          .ele(XSD, 'xs:sequence')
          .ele(XSD, 'xs:element', { minOccurs: '0', maxOccurs: '1', name: 'Value', type: 'xs:string' });
      }
      continue;
    }
    // Operation elements live in the operation namespace.
    for (const [op, spec] of Object.entries(OPERATIONS) as [OperationName, OperationSpec][]) {
      if (spec.service !== service || nsUri(key, ns) !== operationNs(service, ns)) continue;
      const reqSeq = schema.ele(XSD, 'xs:element', { name: op }).ele(XSD, 'xs:complexType');
      if (spec.service === 'suggest') {
        const params = Object.entries(spec.params);
        if (params.length > 0) {
          const seq = reqSeq.ele(XSD, 'xs:sequence');
          for (const [param, p] of params) {
            seq.ele(XSD, 'xs:element', {
              minOccurs: p.required ? '1' : '0',
              maxOccurs: '1',
              name: param,
              type: SCALAR_XSD[p.type]!,
            });
          }
        }
      } else {
        reqSeq
          .ele(XSD, 'xs:sequence')
          .ele(XSD, 'xs:element', { minOccurs: '0', maxOccurs: '1', name: 'req', type: typeRef(spec.req) });
      }
      schema
        .ele(XSD, 'xs:element', { name: `${op}Response` })
        .ele(XSD, 'xs:complexType')
        .ele(XSD, 'xs:sequence')
        .ele(XSD, 'xs:element', {
          minOccurs: '0',
          maxOccurs: '1',
          name: `${op}Result`,
          type: typeRef(spec.result),
        });
    }
    for (const name of Object.keys(RECORDS) as RecordName[]) {
      if (RECORDS[name].ns === key) writeComplexType(schema, name);
    }
    if (key === 'apiTypes') {
      for (const [enumName, values] of Object.entries(ENUMS)) {
        const r = schema
          .ele(XSD, 'xs:simpleType', { name: enumName })
          .ele(XSD, 'xs:restriction', { base: 'xs:string' });
        for (const v of values) r.ele(XSD, 'xs:enumeration', { value: v });
      }
    }
  }
}

/** The WSDL of one service, with `baseUrl` (scheme and host) in both soap:address elements. */
export function buildWsdl(service: ServiceName, ns: ServiceNamespaces, baseUrl: string): string {
  const tns = operationNs(service, ns);
  const names = BINDING_NAMES[service];
  const doc = create({ version: '1.0', encoding: 'utf-8' });
  const defs = doc.ele(WSDL, 'wsdl:definitions', { targetNamespace: tns });
  defs.att('http://www.w3.org/2000/xmlns/', 'xmlns:tns', tns);
  defs.att('http://www.w3.org/2000/xmlns/', 'xmlns:xs', XSD);
  defs.att('http://www.w3.org/2000/xmlns/', 'xmlns:soap', SOAP);
  defs.att('http://www.w3.org/2000/xmlns/', 'xmlns:soap12', SOAP12);
  for (const key of SERVICE_KEYS[service]) {
    defs.att('http://www.w3.org/2000/xmlns/', `xmlns:${PREFIX[key]}`, nsUri(key, ns));
  }
  writeSchemas(defs.ele(WSDL, 'wsdl:types'), service, ns);

  const ops = (Object.entries(OPERATIONS) as [OperationName, OperationSpec][]).filter(
    ([, s]) => s.service === service,
  );
  const opPrefix = PREFIX[service === 'suggest' ? 'suggest' : 'market'];
  for (const [op] of ops) {
    defs
      .ele(WSDL, 'wsdl:message', { name: `${op}SoapIn` })
      .ele(WSDL, 'wsdl:part', { name: 'parameters', element: `${opPrefix}:${op}` });
    defs
      .ele(WSDL, 'wsdl:message', { name: `${op}SoapOut` })
      .ele(WSDL, 'wsdl:part', { name: 'parameters', element: `${opPrefix}:${op}Response` });
  }
  if (service === 'market') {
    for (const h of ['AuthenticationTicket', 'EncryptedTicket']) {
      defs.ele(WSDL, 'wsdl:message', { name: h }).ele(WSDL, 'wsdl:part', { name: h, element: `sec:${h}` });
    }
  }
  const portType = defs.ele(WSDL, 'wsdl:portType', { name: names.soap11 });
  for (const [op] of ops) {
    const o = portType.ele(WSDL, 'wsdl:operation', { name: op });
    o.ele(WSDL, 'wsdl:input', { message: `tns:${op}SoapIn` });
    o.ele(WSDL, 'wsdl:output', { message: `tns:${op}SoapOut` });
  }
  for (const [bindingName, soapNs, soapPrefix] of [
    [names.soap11, SOAP, 'soap'],
    [names.soap12, SOAP12, 'soap12'],
  ] as const) {
    const binding = defs.ele(WSDL, 'wsdl:binding', { name: bindingName, type: `tns:${names.soap11}` });
    binding.ele(soapNs, `${soapPrefix}:binding`, { transport: 'http://schemas.xmlsoap.org/soap/http' });
    for (const [op] of ops) {
      const o = binding.ele(WSDL, 'wsdl:operation', { name: op });
      o.ele(soapNs, `${soapPrefix}:operation`, { soapAction: soapAction(op, ns), style: 'document' });
      const input = o.ele(WSDL, 'wsdl:input');
      input.ele(soapNs, `${soapPrefix}:body`, { use: 'literal' });
      const output = o.ele(WSDL, 'wsdl:output');
      output.ele(soapNs, `${soapPrefix}:body`, { use: 'literal' });
      if (service === 'market') {
        for (const h of ['AuthenticationTicket', 'EncryptedTicket']) {
          input.ele(soapNs, `${soapPrefix}:header`, { message: `tns:${h}`, part: h, use: 'literal' });
        }
        output.ele(soapNs, `${soapPrefix}:header`, {
          message: 'tns:EncryptedTicket',
          part: 'EncryptedTicket',
          use: 'literal',
        });
      }
    }
  }
  const svc = defs.ele(WSDL, 'wsdl:service', { name: names.service });
  const address = `${baseUrl.replace(/\/+$/, '')}${SERVICE_PATHS[service]}`;
  svc
    .ele(WSDL, 'wsdl:port', { name: names.soap11, binding: `tns:${names.soap11}` })
    .ele(SOAP, 'soap:address', { location: address });
  svc
    .ele(WSDL, 'wsdl:port', { name: names.soap12, binding: `tns:${names.soap12}` })
    .ele(SOAP12, 'soap12:address', { location: address });
  return doc.end({ prettyPrint: true });
}

/** The embedded schemas of a WSDL as standalone XSD documents (for a standard validator). */
export function extractSchemas(
  service: ServiceName,
  ns: ServiceNamespaces,
): { namespace: string; file: string; xsd: string }[] {
  const keys = SERVICE_KEYS[service];
  const fileOf = (key: NsKey) => `${service}-${key}.xsd`;
  return keys.map((key) => {
    const doc = create({ version: '1.0', encoding: 'utf-8' });
    const wrapper = doc.ele(XSD, 'xs:wrapper');
    for (const k of keys) wrapper.att('http://www.w3.org/2000/xmlns/', `xmlns:${PREFIX[k]}`, nsUri(k, ns));
    writeSchemas(wrapper, service, ns);
    const all = wrapper.find(
      (n) =>
        n.node.nodeName === 'xs:schema' &&
        (n.node as unknown as Element).getAttribute('targetNamespace') === nsUri(key, ns),
      false,
      true,
    );
    if (!all) throw new Error(`schema ${key} missing`);
    // Imports get schemaLocation so a validator can resolve them from sibling files.
    for (const k of keys) {
      if (k === key) continue;
      const imp = all.find(
        (n) =>
          n.node.nodeName === 'xs:import' &&
          (n.node as unknown as Element).getAttribute('namespace') === nsUri(k, ns),
        false,
        false,
      );
      imp?.att('schemaLocation', fileOf(k));
    }
    const standalone = create({ version: '1.0', encoding: 'utf-8' }).import(all);
    const root = standalone.root();
    for (const k of keys) root.att('http://www.w3.org/2000/xmlns/', `xmlns:${PREFIX[k]}`, nsUri(k, ns));
    root.att('http://www.w3.org/2000/xmlns/', 'xmlns:xs', XSD);
    return { namespace: nsUri(key, ns), file: fileOf(key), xsd: standalone.end({ prettyPrint: true }) };
  });
}
