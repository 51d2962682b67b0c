import { z } from 'zod';

export { fieldErrors, type FieldErrors } from './issues.ts';

/**
 * The limits of what the API takes, in one place: each keeps a value inside what its column holds,
 * so that too much is a 422 naming the field rather than an error of the database.
 */
export const LIMITS = {
  /** numeric(12,2). */
  money: 9_999_999_999.99,
  /** A quantity or stock change in one go (integer columns hold up to 2,147,483,647). */
  quantity: 1_000_000,
  /** Dates from 1900-01-01 to 2999-12-31 (PostgreSQL has no year 0: 0000-01-01 was a 500). */
  firstYear: 1900,
  lastYear: 2999,
  /** Lines of one document. */
  lines: 200,
  /** How far into a list a page may reach: page × per_page. */
  listRows: 100_000,
  /** Rows of one CSV export. */
  exportRows: 50_000,
} as const;

/** Text as the database can store it: a NUL character is refused. */
function text(label: string, max: number, message: string | ((issue: { input?: unknown }) => string)) {
  return z
    .string({ error: message })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), `${label} must not contain invalid characters`);
}

/** A required text field: trimmed, with the specification's 'X is required' message. */
export function requiredText(label: string, max = 255) {
  const message = (issue: { input?: unknown }) => (issue.input == null ? `${label} is required` : `${label} must be text`);
  return text(label, max, message)
    .refine((value) => value.length > 0, `${label} is required`)
    .meta({ minLength: 1 });
}

/** An optional text field: trimmed; empty or missing becomes null. */
export function optionalText(label: string, max = 255) {
  return text(label, max, `${label} must be text`)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** An optional e-mail address: empty or missing becomes null. */
export function optionalEmail(label = 'Email') {
  return text(label, 255, `${label} must be text`)
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(z.email(`${label} must be a valid email address`).nullable());
}

export const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A required reference to another record, sent as a number or a numeric string. */
export function requiredId(message: string) {
  return z.preprocess(blankToUndefined, z.coerce.number({ error: message }).int(message).positive(message));
}

/** An optional reference: empty or missing becomes null. */
export function optionalId(label: string) {
  const message = `${label} must be a valid choice`;
  return z
    .preprocess(blankToUndefined, z.coerce.number({ error: message }).int(message).positive(message).optional())
    .transform((value) => value ?? null);
}

/** Money: at least 0, at most 2 decimals. */
export function money(label: string) {
  return z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${label} is required` })
      .min(0, `${label} must be at least 0`)
      .max(LIMITS.money, `${label} is too large`)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, `${label} must have at most 2 decimals`),
  );
}

/** A whole number, at least `min`. */
export function wholeNumber(label: string, min = 0, max: number = LIMITS.quantity) {
  return z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${label} is required` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`),
  );
}

/** true/false, also sent as 1/0 or "1"/"0" by forms. */
export function flag(label: string) {
  return z.preprocess(
    (value) => {
      if (value === 1 || value === '1' || value === 'true') return true;
      if (value === 0 || value === '0' || value === 'false') return false;
      return value;
    },
    z.boolean({ error: `${label} must be yes or no` }),
  );
}

const isDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};
const inYears = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= LIMITS.firstYear && year <= LIMITS.lastYear;
};
const yearsMessage = (label: string) => `${label} must be between ${LIMITS.firstYear} and ${LIMITS.lastYear}`;

/** A calendar date as YYYY-MM-DD. */
export function requiredDate(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required`, abort: true })
    .refine(isDate, { message: `${label} must be a valid date`, abort: true })
    .refine(inYears, yearsMessage(label))
    .meta({ format: 'date' });
}

export function optionalDate(label: string) {
  return z
    .string({ error: `${label} must be a valid date` })
    .trim()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || isDate(value), { message: `${label} must be a valid date`, abort: true })
    .refine((value) => value === null || inYears(value), yearsMessage(label))
    .meta({ format: 'date' });
}

/** Money that may be left empty: empty or missing becomes 0. */
export function optionalMoney(label: string) {
  return z.preprocess(blankToUndefined, money(label).optional()).transform((value) => value ?? 0);
}

/** Says `message` when the value is missing or empty; otherwise `schema` checks it. */
export function requiredValue<S extends z.ZodType>(message: string, schema: S) {
  // A preprocess rather than a refine piped into `schema`, so the API's document shows `schema`'s type.
  return z.preprocess((value, context) => {
    if (value !== undefined && value !== null && value !== '') return value;
    context.addIssue({ code: 'custom', message, input: value });
    return z.NEVER;
  }, schema);
}
