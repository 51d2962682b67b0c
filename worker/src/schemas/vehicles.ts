import { z } from 'zod';
import { LIMITS, flag, optionalId, optionalText, requiredText } from './common.ts';
import { date, id, recordStamps } from './answers.ts';

const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The 9th character a North American VIN (made in the US, Canada or Mexico: 1 to 5 first) must have. */
export function vinCheckDigit(vin: string): string {
  const sum = [...vin].reduce((total, char, index) => total + (/\d/.test(char) ? Number(char) : (TRANSLITERATION[char] ?? 0)) * WEIGHTS[index], 0);
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

const VIN_CHARACTERS = /^[A-HJ-NPR-Z0-9]*$/;

/** A VIN: 17 letters and digits (never I, O or Q), its check digit right where the VIN has one; empty becomes null. */
const vin = z
  .string({ error: 'VIN must be text' })
  .nullish()
  .transform((value) => (value ?? '').replace(/[\s-]/g, '').toUpperCase() || null)
  .superRefine((value, context) => {
    if (value === null) return;
    if (!VIN_CHARACTERS.test(value)) context.addIssue({ code: 'custom', message: 'VIN may only hold letters and digits, never I, O or Q' });
    else if (value.length !== 17) context.addIssue({ code: 'custom', message: `VIN must be 17 characters (this one has ${value.length})` });
    else if (/^[1-5]/.test(value) && value[8] !== vinCheckDigit(value)) {
      context.addIssue({ code: 'custom', message: 'This VIN does not check out (its 9th character does not match the others): check it was typed right' });
    }
  })
  .meta({ description: '17 characters; a North American VIN (first character 1 to 5) must match its check digit' });

const year = z
  .preprocess(
    (value) => (value === '' || value === null || value === undefined ? null : value),
    z.coerce
      .number({ error: 'Year must be a year' })
      .int('Year must be a year')
      .min(LIMITS.firstYear, `Year must be between ${LIMITS.firstYear} and ${LIMITS.lastYear}`)
      .max(LIMITS.lastYear, `Year must be between ${LIMITS.firstYear} and ${LIMITS.lastYear}`)
      .nullable(),
  )
  .transform((value) => value ?? null);

/** POST /api/customers/{id}/vehicles and PUT /api/vehicles/{id}. */
export const vehicleInput = z.object({
  plate: requiredText('Plate', 20).transform((value) => value.toUpperCase()),
  vin,
  make: optionalText('Make', 100),
  model: optionalText('Model', 100),
  year,
  tire_sizes: optionalText('Tire sizes', 255).meta({ description: 'The tire size or sizes fitted, as text: 205/55R16' }),
  notes: optionalText('Notes', 2000),
});
export type VehicleInput = z.input<typeof vehicleInput>;

export const vehicleRow = z
  .object({
    id,
    customer_id: id,
    customer: z.object({ id, name: z.string(), phone: z.string() }),
    plate: z.string(),
    vin: z.string().nullable(),
    make: z.string().nullable(),
    model: z.string().nullable(),
    year: z.number().int().nullable(),
    tire_sizes: z.string().nullable(),
    notes: z.string().nullable(),
    /** The highest mileage recorded on its quotes, invoices and sales; the size of the tires last fitted to it. */
    last_mileage: z.number().int().nullable(),
    last_tire_size: z.string().nullable(),
    ...recordStamps,
  })
  .meta({ id: 'Vehicle' });
export type Vehicle = z.infer<typeof vehicleRow>;

/** A document's vehicle, as its answer shows it. */
export const documentVehicle = z
  .object({ id, plate: z.string(), vin: z.string().nullable(), make: z.string().nullable(), model: z.string().nullable(), year: z.number().int().nullable() })
  .meta({ id: 'DocumentVehicle' });
export type DocumentVehicle = z.infer<typeof documentVehicle>;

/** What a quote's, an invoice's or a sale's body says of the vehicle. */
export const vehicleFields = {
  vehicle_id: optionalId('Vehicle').meta({ description: "One of the customer's vehicles" }),
  mileage: z
    .preprocess(
      (value) => (value === '' || value === null || value === undefined ? null : value),
      z.coerce.number({ error: 'Mileage must be a whole number' }).int('Mileage must be a whole number').min(0, 'Mileage must be at least 0')
        .max(9_999_999, 'Mileage must be at most 9999999').nullable(),
    )
    .transform((value) => value ?? null),
  mileage_confirmed: flag('Mileage confirmed')
    .optional()
    .meta({ description: "true: a mileage below the vehicle's last recorded one is right (the odometer was replaced)" }),
};

/** What a document's answer says of its vehicle. */
export const vehicleAnswer = { vehicle_id: id.nullable(), mileage: z.number().int().nullable(), vehicle: documentVehicle.nullable() };

/** A line fitted on a visit. */
const fittedRow = z.object({
  product_id: id,
  product_type: z.string(),
  product_name: z.string(),
  quantity: z.number().int(),
  dot: z.string().nullable(),
  size: z.string().nullable(),
  brand: z.string().nullable(),
  pattern: z.string().nullable(),
});

/** GET /api/vehicles/{id}/history: one quote, invoice or sale of the vehicle. */
export const visitRow = z
  .object({
    document_type: z.enum(['Quote', 'Invoice', 'Sale']),
    document_id: id,
    number: z.string().nullable(),
    date,
    status: z.string(),
    mileage: z.number().int().nullable(),
    location: z.object({ id, name: z.string() }),
    net_amount: z.number(),
    items: z.array(fittedRow),
  })
  .meta({ id: 'VehicleVisit' });
export type VehicleVisit = z.infer<typeof visitRow>;
