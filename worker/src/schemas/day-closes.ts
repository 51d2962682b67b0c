import { z } from 'zod';
import { amount, date, id, named, timestamp } from './answers.ts';
import { money, optionalMoney, optionalText, requiredDate, requiredId, requiredText } from './common.ts';
import { receiptRow } from './documents.ts';

/** The payment methods a branch counts at the end of its day; store credit is no money in a drawer. */
export const DRAWER_METHODS = ['cash', 'credit_card', 'bank_transfer', 'cheque'] as const;
export type DrawerMethod = (typeof DRAWER_METHODS)[number];

const FACE_VALUE = /^(0|[1-9][0-9]{0,5})(\.[0-9]{1,2})?$/;

/** Notes and coins counted: how many of each face value ("50", "0.25"). */
export const denominations = z
  .record(
    z.string().refine((face) => FACE_VALUE.test(face) && Number(face) > 0, 'A note or coin must be a value such as 20 or 0.25'),
    z.number({ error: 'The number of notes or coins must be a whole number' }).int('The number of notes or coins must be a whole number').min(0, 'The number of notes or coins must be at least 0').max(100_000, 'The number of notes or coins must be at most 100000'),
    { error: 'Cash by denomination must be a count per note or coin' },
  )
  .refine((value) => Object.keys(value).length <= 40, 'Cash by denomination takes at most 40 notes and coins');

export const dayCloseInput = z
  .object({
    location_id: requiredId('Location is required'),
    date: requiredDate('Date'),
    counted: z
      .object(
        {
          cash: z.preprocess((value) => (value === '' || value === null ? undefined : value), money('Cash counted').optional()),
          credit_card: optionalMoney('Credit card counted'),
          bank_transfer: optionalMoney('Bank transfer counted'),
          cheque: optionalMoney('Cheque counted'),
        },
        { error: 'Counted must give an amount per payment method' },
      )
      .describe('What was counted per payment method. Cash may be left out when `cash_by_denomination` is given: it is their sum.'),
    cash_by_denomination: denominations.nullish().transform((value) => value ?? null).describe('Notes and coins counted, by face value; their sum must be the cash counted.'),
    deposit: optionalMoney('Deposit').describe('Cash taken to the bank; the rest stays in the drawer as the next day\'s float.'),
    notes: optionalText('Notes', 2000),
  })
  .meta({ id: 'DayCloseInput' });
export type DayCloseInput = z.output<typeof dayCloseInput>;

export const reopenInput = z.object({ reason: requiredText('Reason', 500) });

export const previewQuery = z.object({
  location_id: requiredId('Location is required'),
  date: requiredDate('Date'),
});

const methodFigures = {
  payment_method: z.enum(DRAWER_METHODS),
  /** Paid by customers. */
  income: amount,
  /** Paid back to customers. */
  refunds: amount,
  /** Paid to suppliers. */
  expenses: amount,
  /** Paid back by suppliers. */
  supplier_refunds: amount,
  /** How many receipts. */
  receipts: z.number().int(),
  /** What should be there: in less out, and for cash the opening float too. */
  expected: amount,
};

export const dayClosePreviewRow = z
  .object({
    location_id: id,
    date,
    /** The first day the close covers: the day after the branch's last close (the day itself for a first close). */
    period_from: date,
    opening_float: amount,
    previous_close: z.object({ id, number: z.string(), date }).nullable(),
    /** The branch's last closed day: receipts on or before it are refused. */
    closed_through: date.nullable(),
    /** The close of this day, when it is already closed. */
    close: z.object({ id, number: z.string() }).nullable(),
    methods: z.array(z.object({ ...methodFigures, net: amount })),
    expected_cash: amount,
    expected_total: amount,
  })
  .meta({ id: 'DayClosePreview' });

const closeColumns = {
  id,
  number: z.string(),
  location: named,
  date,
  period_from: date,
  /** closed, or reopened (then a later close of the same day may follow). */
  status: z.enum(['closed', 'reopened']),
  opening_float: amount,
  expected_cash: amount,
  counted_cash: amount,
  cash_over_short: amount,
  expected_total: amount,
  counted_total: amount,
  /** Counted less expected, every method together: positive is over, negative short. */
  over_short: amount,
  deposit: amount,
  /** What stays in the drawer: counted cash less the deposit. */
  closing_float: amount,
  /** How many receipts the close covers. */
  receipt_count: z.number().int(),
  notes: z.string().nullable(),
  closed_by: named.nullable(),
  closed_at: timestamp,
  reopened_by: named.nullable(),
  reopened_at: timestamp.nullable(),
  reopen_reason: z.string().nullable(),
};

export const dayCloseListRow = z.object(closeColumns).meta({ id: 'DayCloseListRow' });

export const dayCloseRow = z
  .object({
    ...closeColumns,
    location: z.object({ id, name: z.string(), address: z.string().nullable() }),
    methods: z.array(z.object({ ...methodFigures, counted: amount, over_short: amount })),
    cash_by_denomination: z.record(z.string(), z.number()).nullable(),
    /** The receipts the close covers. */
    receipts: z.array(receiptRow),
  })
  .meta({ id: 'DayClose' });

/** Today's close of each branch, for the dashboard. */
export const dayCloseTodayRow = z.object({
  location: named,
  date,
  close: z.object({ id, number: z.string(), over_short: amount, cash_over_short: amount }).nullable(),
});

/** Over and short by branch and month. */
export const overShortRow = z.object({
  month: z.string().describe('YYYY-MM'),
  location: named,
  closes: z.number().int(),
  over: amount,
  short: amount,
  over_short: amount,
  deposits: amount,
});

export type DayClose = z.infer<typeof dayCloseRow>;
export type DayCloseListItem = z.infer<typeof dayCloseListRow>;
export type DayClosePreview = z.infer<typeof dayClosePreviewRow>;
export type DayCloseToday = z.infer<typeof dayCloseTodayRow>;
export type OverShortRow = z.infer<typeof overShortRow>;

export const DRAWER_METHOD_LABELS: Record<DrawerMethod, string> = {
  cash: 'Cash',
  credit_card: 'Credit Card',
  bank_transfer: 'Bank Transfer',
  cheque: 'Cheque',
};

/** The notes and coins a drawer is counted in, largest first. */
export const DENOMINATIONS = ['100', '50', '20', '10', '5', '2', '1', '0.25', '0.1', '0.05', '0.01'] as const;
