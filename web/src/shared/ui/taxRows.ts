import type { TaxLine } from '@schemas/documents';

export interface Taxed {
  tax_amount: number;
  tax_rate: number;
  taxes?: TaxLine[];
  tax_overridden?: boolean;
  tax_exempt_certificate?: string | null;
}

const percent = (value: number) => `${value.toFixed(2)}%`;

/**
 * A document's tax as its totals show it, the same on screen and on paper: one line per rate that
 * taxes something ("Tax (8.25%)" when there is one), what an administrator set, or a typed figure
 * (a purchase order's).
 */
export function taxRows(document: Taxed): [label: string, value: number][] {
  if (document.tax_exempt_certificate) return [[`Tax (exempt, certificate ${document.tax_exempt_certificate})`, document.tax_amount]];
  if (!document.taxes || document.tax_overridden) return [[`Tax (${percent(document.tax_rate)})`, document.tax_amount]];
  const taxing = document.taxes.filter((line) => line.rate > 0);
  if (taxing.length === 0) return [['Tax', document.tax_amount]];
  if (taxing.length === 1) return [[`Tax (${percent(taxing[0].rate)})`, document.tax_amount]];
  return taxing.map((line) => [`Tax: ${line.name ?? 'Tax'} (${percent(line.rate)})`, line.tax]);
}
