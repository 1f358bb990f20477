// A small HTML page per service, like an ASMX service page: what is served and where.
import { OPERATIONS, SERVICE_PATHS } from '../schema';
import type { OperationSpec, ServiceName } from '../schema';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function servicePage(baseUrl: string, only?: ServiceName): string {
  const sections = (['market', 'suggest'] as const)
    .filter((s) => !only || s === only)
    .map((service) => {
      const path = SERVICE_PATHS[service];
      const ops = (Object.entries(OPERATIONS) as [string, OperationSpec][])
        .filter(([, spec]) => spec.service === service)
        .map(([name]) => `<li>${escapeHtml(name)}</li>`)
        .join('');
      return `<section><h2>${service === 'market' ? 'MarketService (API service)' : 'SuggestWebService'}</h2>
<p>POST <code>${escapeHtml(baseUrl + path)}</code> — SOAP 1.1 (<code>text/xml</code>) and SOAP 1.2 (<code>application/soap+xml</code>).
Service description: <a href="${escapeHtml(path)}?wsdl">${escapeHtml(path)}?wsdl</a></p><ul>${ops}</ul></section>`;
    })
    .join('');
  const control = only
    ? ''
    : `<section><h2>Control</h2><p>POST <code>${escapeHtml(baseUrl)}/sandbox/notes/{SeqNo}/reply</code> answers that note now, as a seller would on the marketplace's web console (from this computer only).</p></section>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Seller Desk sandbox marketplace</title>
<style>body{font:14px system-ui,sans-serif;margin:2em;max-width:60em}code{background:#f3f3f3;padding:0 .3em}</style></head>
<body><h1>Seller Desk sandbox marketplace</h1><p>A local SOAP server with seeded data, for trying Seller Desk without an account.</p>${sections}${control}</body></html>`;
}
