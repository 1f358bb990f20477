// The document the sandboxed iframe shows. The page's own stylesheet is the only style in it (sanitized HTML
// carries none); it renders as a buyer sees it, on white, whatever the app's theme.
const FRAME_CSS = [
  "body{margin:0;padding:10px 14px;font:14px/1.55 'Pretendard Variable',Pretendard,'Noto Sans KR',system-ui,sans-serif;color:#1b1f24;background:#fff;overflow-wrap:anywhere}",
  'h1,h2,h3,h4{margin:.2em 0 .4em;line-height:1.3}',
  'p,ul,ol{margin:.4em 0}',
  'img{max-width:100%;height:auto}',
  'a{color:#2257d6;text-decoration:underline;cursor:default}',
  'table{border-collapse:collapse}td,th{border:1px solid #dde1e7;padding:2px 6px}',
].join('');

export function frameDocument(sanitizedHtml: string): string {
  return `<!doctype html><html lang="ko"><head><style>${FRAME_CSS}</style></head><body>${sanitizedHtml}</body></html>`;
}

const BLOCK = /<(?:h[1-6]|p|li|div|tr|br|blockquote|pre|dt|dd|figcaption)\b/gi;
const IMAGE = /<img\b/gi;

/**
 * The iframe cannot report its content height (no scripts, no same origin), so the height is estimated from the
 * markup: roughly a line per block and a tile per image. The frame's wrapper is resizable for the rest.
 */
export function estimatedFrameHeight(sanitizedHtml: string): number {
  const blocks = sanitizedHtml.match(BLOCK)?.length ?? 0;
  const images = sanitizedHtml.match(IMAGE)?.length ?? 0;
  const textLines = Math.ceil(sanitizedHtml.replace(/<[^>]*>/g, '').length / 70);
  const estimate = 24 + Math.max(blocks, textLines) * 30 + images * 180;
  return Math.min(560, Math.max(72, estimate));
}
