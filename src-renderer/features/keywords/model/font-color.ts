// FontColorRgb as the marketplace would paint it, without making a keyword unreadable: the marketplace chose its
// colours for a white page, so on the dark theme (or for a pale colour on the light one) the text keeps the
// theme's colour and a swatch shows the server's colour instead. WCAG AA for normal text is 4.5:1.

const AA_CONTRAST = 4.5;

/** '#RRGGBB', 'RRGGBB' or '#RGB' as sent; undefined for anything else (then the raw text is shown as is). */
export function parseRgb(raw: string | undefined): [number, number, number] | undefined {
  const m = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(raw?.trim() ?? '');
  if (!m) return undefined;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export interface KeywordColour {
  /** CSS colour for the text, when it reads well on `background`. */
  text?: string;
  /** CSS colour for the swatch: whenever the server sent a colour we understand. */
  swatch?: string;
}

export function keywordColour(raw: string | undefined, background: string): KeywordColour {
  const rgb = parseRgb(raw);
  if (!rgb) return {};
  const css = `rgb(${rgb.join(' ')})`;
  const bg = parseRgb(background) ?? [255, 255, 255];
  return contrastRatio(rgb, bg) >= AA_CONTRAST ? { text: css, swatch: css } : { swatch: css };
}
