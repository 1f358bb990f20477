// SohoItemColorList holds either hex codes or Korean colour names. Common names get a swatch; anything else is
// shown as a text chip, never as a guessed colour.
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

const NAMED: Readonly<Record<string, string>> = {
  블랙: '#111111',
  검정: '#111111',
  화이트: '#ffffff',
  흰색: '#ffffff',
  아이보리: '#fffff0',
  크림: '#fdf6e3',
  네이비: '#1f2a44',
  베이지: '#d9c7a7',
  카키: '#6b6b3a',
  그레이: '#8a8f98',
  회색: '#8a8f98',
  차콜: '#36454f',
  레드: '#c62828',
  빨강: '#c62828',
  와인: '#722f37',
  버건디: '#800020',
  핑크: '#f4a6c1',
  오렌지: '#f57c00',
  옐로우: '#fbc02d',
  노랑: '#fbc02d',
  머스타드: '#d4a017',
  그린: '#2e7d32',
  초록: '#2e7d32',
  민트: '#98e2c6',
  블루: '#1e5bb8',
  파랑: '#1e5bb8',
  스카이블루: '#87ceeb',
  소라: '#87ceeb',
  퍼플: '#6a1b9a',
  보라: '#6a1b9a',
  라벤더: '#b57edc',
  브라운: '#6d4c41',
  카멜: '#c19a6b',
  실버: '#c0c0c0',
  골드: '#d4af37',
};

/** A CSS colour for the swatch, or undefined when the value is neither hex nor a known name. */
export function swatchColour(value: string): string | undefined {
  const v = value.trim();
  const hex = HEX.exec(v)?.[1];
  if (hex !== undefined) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return `#${full.toLowerCase()}`;
  }
  const compact = v.replace(/\s+/g, '');
  return Object.hasOwn(NAMED, compact) ? NAMED[compact] : undefined;
}
