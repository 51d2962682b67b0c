const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatMoney(value: number | string | null | undefined): string {
  const amount = typeof value === 'string' ? Number(value) : (value ?? 0);
  return dollars.format(Number.isFinite(amount) ? amount : 0);
}

/** Money typed into a form is added up in whole cents: 0.1 + 0.2 must be 0.30. */

/** Cents of a typed amount or an API number; anything unreadable is 0. */
export function toCents(value: string | number | null | undefined): number {
  const amount = typeof value === 'string' ? Number(value.trim() || 0) : (value ?? 0);
  return Number.isFinite(amount) ? Math.round(amount * 100) : 0;
}

export const fromCents = (cents: number): number => cents / 100;

/** Money as a form shows it: two decimals. */
export const centsText = (cents: number): string => (cents / 100).toFixed(2);

/** unit price × quantity, or price × quantity × (1 − discount/100) rounded to the cent, as the server counts it. */
export function lineCents(priceCents: number, quantity: number, discountPercent = 0): number {
  const gross = priceCents * quantity;
  if (!discountPercent) return gross;
  const discountBasisPoints = Math.round(discountPercent * 100);
  return Math.round((gross * (10_000 - discountBasisPoints)) / 10_000);
}

/** A percent of an amount in cents, rounded to the cent (tax from the shop's rate). */
export function percentOf(cents: number, percent: number): number {
  return Math.round((cents * Math.round(percent * 100)) / 10_000);
}
