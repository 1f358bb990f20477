// The waiting time's wording, apart from React so the unit tests can hold it to its rules.
import type { Translate } from '../../../i18n/translator';

/**
 * How long a note has waited, as precise as it is useful: minutes under an hour, hours under two days, days
 * and hours under ten days, whole days after that (hours are noise in "171일 23시간", and cost the list's
 * waiting column its room).
 */
export function formatWaiting(ms: number, t: Translate): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  if (minutes < 60) return t('inbox.duration.m', { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('inbox.duration.h', { n: hours });
  const days = Math.floor(hours / 24);
  if (days < 10) return t('inbox.duration.d', { n: days, h: hours % 24 });
  // Rounded as the received column's "172일 전" is, so the two agree on the same row.
  return t('inbox.duration.days', { n: Math.round(minutes / 1440) });
}
