export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

export function formatTime(epochMs: number, lang: string): string {
  const d = new Date(epochMs);
  const time = d.toLocaleTimeString(lang === 'ko' ? 'ko-KR' : 'en-GB', { hour12: false });
  return `${time}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}
