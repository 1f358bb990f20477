// `desk wsdl --out DIR`: both services' WSDL documents for the chosen endpoint, for SOAP tools that want them.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { buildWsdl } from '../../schema';
import type { ServiceNamespaces } from '../../schema';
import { UsageError } from '../cli-error';

/** Where `npm run sandbox` listens by default: the WSDL of the sandbox points there. */
export const STANDALONE_SANDBOX_URL = 'http://127.0.0.1:8788';

export async function writeWsdl(
  out: string | undefined,
  endpoint: { apiBaseUrl: string; suggestBaseUrl: string; ns: ServiceNamespaces },
): Promise<string[]> {
  if (!out) throw new UsageError('wsdl needs --out DIR.');
  const dir = resolve(out);
  await mkdir(dir, { recursive: true });
  const files = [
    [join(dir, 'suggest.wsdl'), buildWsdl('suggest', endpoint.ns, endpoint.suggestBaseUrl)],
    [join(dir, 'market.wsdl'), buildWsdl('market', endpoint.ns, endpoint.apiBaseUrl)],
  ] as const;
  for (const [file, text] of files) await writeFile(file, text, 'utf8');
  return files.map(([file]) => file);
}
