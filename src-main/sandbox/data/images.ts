// Small deterministic SVG tiles for the sandbox's relative image paths. The server answers '/images/item/<n>.svg'
// and '/images/intro/<n>.svg' with these and 404s everything else (undefined here), which is how the broken
// lookbook's '/images/missing/…' paths fail for real.

export interface RenderedImage {
  contentType: string;
  body: string | Uint8Array;
}

const PALETTE = [
  '#1E3A8A',
  '#B91C1C',
  '#047857',
  '#7C3AED',
  '#B45309',
  '#0E7490',
  '#BE185D',
  '#374151',
  '#4D7C0F',
];
const ITEM_GLYPHS = ['👟', '👗', '👜', '🧴', '🎧', '🛋', '🍎', '🧸', '⛺'];
const PATH = /^\/images\/(item|intro)\/(\d{1,9})\.svg$/;

const IMAGE_CONTENT_TYPE = 'image/svg+xml; charset=utf-8';

export function itemImagePath(n: number): string {
  return `/images/item/${n}.svg`;
}

export function introImagePath(n: number): string {
  return `/images/intro/${n}.svg`;
}

export function renderImage(path: string): RenderedImage | undefined {
  const m = PATH.exec(path);
  if (m === null) return undefined;
  const kind = m[1] as 'item' | 'intro';
  const n = Number(m[2]);
  const color = PALETTE[n % PALETTE.length] as string;
  const [w, h] = kind === 'item' ? [400, 400] : [800, 400];
  const label = kind === 'item' ? `상품 ${n}` : `룩북 ${n}`;
  const glyph = kind === 'item' ? (ITEM_GLYPHS[n % ITEM_GLYPHS.length] as string) : '✦';
  const body =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<rect width="${w}" height="${h}" fill="${color}"/>` +
    `<circle cx="${w / 2}" cy="${h / 2 - 30}" r="${h / 5}" fill="#ffffff" fill-opacity="0.18"/>` +
    `<text x="50%" y="${h / 2 - 10}" font-size="${h / 6}" text-anchor="middle" dominant-baseline="middle">${glyph}</text>` +
    `<text x="50%" y="${h - 60}" font-family="Pretendard, 'Apple SD Gothic Neo', 'Malgun Gothic', sans-serif" ` +
    `font-size="${h / 12}" font-weight="700" fill="#ffffff" text-anchor="middle">${label}</text>` +
    `</svg>`;
  return { contentType: IMAGE_CONTENT_TYPE, body };
}
