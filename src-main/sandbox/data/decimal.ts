// xsd:decimal values travel as their exact text. Amounts are generated in integer hundredths of a won, so no
// float rounding can creep into the text: 1290050 -> '12900.50', 1590000 -> '15900'.
export function decimalFromHundredths(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const frac = hundredths % 100;
  return frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(2, '0')}`;
}
