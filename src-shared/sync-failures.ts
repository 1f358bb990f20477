// A sync's failed slices grouped by cause, so a seller reads one line per cause ("18일 × 3명: 마켓 서비스
// 장애(HTTP 503) — 4번 시도") instead of one per seller-day. Pure: the sync builds the groups as failures become
// certain (for its progress events) and the renderer groups a finished sync's slices the same way.

/** The fields of a failed slice a group is built from (FailedSlice in the contract has them all). */
export interface FailureLike {
  sellerId: string;
  day: string;
  code: string;
  message: string;
  attempts: number;
  phase?: 'statuses';
  reason?: string;
  facts?: {
    cause?: string;
    httpStatus?: number;
    host?: string;
    timeoutMs?: number;
  };
}

export interface SyncFailureGroup<F extends FailureLike = FailureLike> {
  /** Same cause, same key: code, finer cause, HTTP status, host, the marketplace's reason, phase. */
  key: string;
  /** The first failure of the group: its code, facts and reason word the headline. */
  first: F;
  phase?: 'statuses';
  /** Distinct days and sellers the cause hit. */
  days: number;
  sellers: number;
  /** The sellers hit, sorted. */
  sellerIds: string[];
  slices: number;
  /** The most attempts one failing page got before it was given up. */
  attempts: number;
  /** The oldest and newest day hit. */
  firstDay: string;
  lastDay: string;
}

function failureKey(f: FailureLike): string {
  const x = f.facts ?? {};
  return [f.code, x.cause ?? '', x.httpStatus ?? '', x.host ?? '', f.reason ?? '', f.phase ?? ''].join('|');
}

/** Grows as failures arrive; `groups()` is cheap enough to call on every progress event. */
export class FailureGrouper<F extends FailureLike = FailureLike> {
  private readonly byKey = new Map<
    string,
    { group: SyncFailureGroup<F>; days: Set<string>; sellers: Set<string> }
  >();

  add(f: F): void {
    const key = failureKey(f);
    let entry = this.byKey.get(key);
    if (!entry) {
      entry = {
        group: {
          key,
          first: f,
          ...(f.phase ? { phase: f.phase } : {}),
          days: 0,
          sellers: 0,
          sellerIds: [],
          slices: 0,
          attempts: 0,
          firstDay: f.day,
          lastDay: f.day,
        },
        days: new Set(),
        sellers: new Set(),
      };
      this.byKey.set(key, entry);
    }
    const { group, days, sellers } = entry;
    days.add(f.day);
    sellers.add(f.sellerId);
    group.days = days.size;
    if (group.sellers !== sellers.size) group.sellerIds = [...sellers].sort();
    group.sellers = sellers.size;
    group.slices++;
    group.attempts = Math.max(group.attempts, f.attempts);
    if (f.day < group.firstDay) group.firstDay = f.day;
    if (f.day > group.lastDay) group.lastDay = f.day;
  }

  /** Largest first (by slices hit), then in the order they first happened. */
  groups(): SyncFailureGroup<F>[] {
    return [...this.byKey.values()]
      .map((e) => ({ ...e.group, sellerIds: [...e.group.sellerIds] }))
      .sort((a, b) => b.slices - a.slices);
  }

  get size(): number {
    return this.byKey.size;
  }
}

export function groupFailures<F extends FailureLike>(failures: readonly F[]): SyncFailureGroup<F>[] {
  const g = new FailureGrouper<F>();
  for (const f of failures) g.add(f);
  return g.groups();
}
