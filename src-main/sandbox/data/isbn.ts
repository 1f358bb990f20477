/** ISBN-13 check digit of the first 12 digits: weights 1,3,1,3…; the check makes the weighted sum a multiple of 10. */
export function isbn13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12))
    throw new Error(`ISBN-13 needs 12 digits before the check digit: ${first12}`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

export function isValidIsbn13(isbn: string): boolean {
  const digits = isbn.replace(/-/g, '');
  return /^\d{13}$/.test(digits) && isbn13CheckDigit(digits.slice(0, 12)) === Number(digits[12]);
}
