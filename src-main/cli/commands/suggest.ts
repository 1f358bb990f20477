// `desk suggest <Operation>`: any of the suggest service's 12 operations, its parameters as flags.
import { OPERATIONS, SUGGEST_OPERATIONS } from '../../schema';
import type { RequestOf, ResultOf, SuggestOperationName } from '../../schema';
import { UsageError } from '../cli-error';
import type { Endpoint } from '../endpoint';
import { columnsOf, renderTable } from '../text-table';

export interface SuggestOptions {
  hint?: string;
  'brand-id'?: string;
  book?: string;
  'catalog-id'?: string;
}

/** Request child → flag. */
const FLAG_OF: Record<string, keyof SuggestOptions> = {
  keywordHint: 'hint',
  brandId: 'brand-id',
  bookItemNo: 'book',
  catalogId: 'catalog-id',
};

export function suggestOperation(name: string | undefined): SuggestOperationName {
  const list = SUGGEST_OPERATIONS.join(', ');
  if (!name) throw new UsageError(`suggest needs an operation: ${list}.`);
  if (!(SUGGEST_OPERATIONS as readonly string[]).includes(name)) {
    throw new UsageError(`"${name}" is not a suggest operation; use one of ${list}.`);
  }
  return name as SuggestOperationName;
}

export function suggestRequest<N extends SuggestOperationName>(op: N, opts: SuggestOptions): RequestOf<N> {
  const params = OPERATIONS[op].params as Record<string, { type: string; required?: boolean }>;
  const accepted = Object.keys(params).map((p) => FLAG_OF[p]!);
  for (const flag of Object.values(FLAG_OF)) {
    if (opts[flag] !== undefined && !accepted.includes(flag)) {
      const takes =
        accepted.length > 0 ? `takes ${accepted.map((f) => `--${f}`).join(', ')}` : 'takes no parameters';
      throw new UsageError(`${op} ${takes}, not --${flag}.`);
    }
  }
  const req: Record<string, string | number> = {};
  for (const [param, spec] of Object.entries(params)) {
    const flag = FLAG_OF[param]!;
    const raw = opts[flag];
    if (raw === undefined) {
      if (spec.required) throw new UsageError(`${op} needs --${flag}.`);
      continue;
    }
    if (spec.type === 'int') {
      const n = /^[+-]?\d+$/.test(raw) ? Number(raw) : NaN;
      if (!Number.isSafeInteger(n) || n < -2147483648 || n > 2147483647) {
        throw new UsageError(`--${flag} must be a whole number; got "${raw}".`);
      }
      req[param] = n;
    } else if (spec.type === 'long') {
      // Kept as text: a long beyond 2^53 would lose digits as a JS number.
      if (!/^[+-]?\d{1,19}$/.test(raw))
        throw new UsageError(`--${flag} must be a whole number; got "${raw}".`);
      req[param] = raw;
    } else {
      req[param] = raw;
    }
  }
  return req as RequestOf<N>;
}

export async function fetchSuggest<N extends SuggestOperationName>(
  endpoint: Endpoint,
  op: N,
  req: RequestOf<N>,
  signal?: AbortSignal,
): Promise<ResultOf<N>> {
  return (await endpoint.client.call(op, req, { signal })).data;
}

/** One table per list in the result (KeywordSuggestT has five). */
export function formatSuggest(result: unknown, format: string): string {
  if (format === 'json') return `${JSON.stringify(result ?? null, null, 2)}\n`;
  if (result === undefined || result === null) return 'The service returned no result.\n';
  const sections: string[] = [];
  for (const [name, value] of Object.entries(result as Record<string, unknown>)) {
    if (!Array.isArray(value)) continue;
    const rows = value.filter((r): r is Record<string, unknown> => r !== null && typeof r === 'object');
    const head = `${name}: ${value.length}`;
    sections.push(
      rows.length > 0
        ? `${head}\n${renderTable(
            rows,
            columnsOf(rows).map((c) => ({ ...c, max: 32 })),
          )}`
        : `${head}\n`,
    );
  }
  return sections.length > 0 ? sections.join('\n') : 'The service returned an empty result.\n';
}
