import { z } from 'zod';
import { checkDigitHolds } from './barcode-check.ts';

export { checkDigitHolds, scannedBarcode } from './barcode-check.ts';

export const BARCODE_LENGTH = 'Barcode must be 13 digits (EAN-13) or 12 digits (UPC-A)';
export const BARCODE_CHECK_DIGIT = 'Barcode check digit is wrong: check the number';

/** A product's barcode, as every product form takes it (services have none). */
export const barcodeInput = {
  barcode: z
    .string({ error: 'Barcode must be text' })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .superRefine((value, context) => {
      if (value === null) return;
      if (!/^\d{12,13}$/.test(value)) context.addIssue({ code: 'custom', message: BARCODE_LENGTH });
      else if (!checkDigitHolds(value)) context.addIssue({ code: 'custom', message: BARCODE_CHECK_DIGIT });
    })
    .meta({ description: 'EAN-13 or UPC-A, check digit verified; unique across products. Left out or empty: none.' }),
};
export const barcodeRow = { barcode: z.string().nullable() };
