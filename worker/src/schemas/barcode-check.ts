/** True when the last digit of an EAN-13 or UPC-A (an EAN-13 with a leading 0) is its check digit. */
export function checkDigitHolds(code: string): boolean {
  const digits = code.padStart(13, '0');
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(digits[i]) * (i % 2 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(digits[12]);
}

/** The search, when it is a whole barcode a scanner typed: its UPC-A and EAN-13 forms, which are one code. */
export function scannedBarcode(search: string | undefined): string[] | null {
  const code = search?.trim() ?? '';
  if (!/^\d{12,13}$/.test(code) || !checkDigitHolds(code)) return null;
  if (code.length === 12) return [code, `0${code}`];
  return code.startsWith('0') ? [code, code.slice(1)] : [code];
}
