// Namespaces and addresses are configuration: the spec gives them only as placeholders.
import type { NsKey } from './records';

export interface ServiceNamespaces {
  /** {ns_root}: root of the API service's namespace URIs (operation elements, Security headers). */
  nsRoot: string;
  /** {schema_root}: root of the XML schema namespace URIs (record types). */
  schemaRoot: string;
  /** The suggest service's element namespace; the live service uses the literal URI `ns`. */
  suggestNs: string;
}

/**
 * Our defaults. The sandbox serves these; a live profile must set its own nsRoot and schemaRoot
 * (the spec does not show them). suggestNs defaults to the live service's literal `ns`.
 */
export const DEFAULT_NAMESPACES: ServiceNamespaces = {
  nsRoot: 'http://api.market.example.com',
  schemaRoot: 'http://schema.market.example.com',
  suggestNs: 'ns',
};

const trimSlash = (s: string) => s.replace(/\/+$/, '');

export function nsUri(key: NsKey, ns: ServiceNamespaces): string {
  switch (key) {
    case 'suggest':
      return ns.suggestNs;
    case 'suggestTypes':
      return `${trimSlash(ns.schemaRoot)}/Arche.Search.Suggest.xsd`;
    case 'market':
      return `${trimSlash(ns.nsRoot)}/APIv1/MarketService`;
    case 'apiTypes':
      return `${trimSlash(ns.schemaRoot)}/Arche.APISvc.xsd`;
    case 'security':
      return `${trimSlash(ns.nsRoot)}/Security`;
  }
}

export const SOAP11_ENV = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SOAP12_ENV = 'http://www.w3.org/2003/05/soap-envelope';
export const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
export const XSD = 'http://www.w3.org/2001/XMLSchema';

export const SERVICE_PATHS = {
  suggest: '/Suggest/SuggestWebService.asmx',
  market: '/APIv1/MarketService.asmx',
} as const;
