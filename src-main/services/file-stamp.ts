// The one stamp in the names of the files the app exports (the inbox's CSV and XLSX, the lookbook audit), so a
// seller's folder sorts them by when they were made, on the seller's own clock.

/** 'YYYYMMDD-HHmm' on the seller's clock (the display time zone). */
export function localFileStamp(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}${part('month')}${part('day')}-${part('hour')}${part('minute')}`;
}
