import type { PaymentMethod } from '@schemas/documents';

/** Which extra boxes each payment method asks for. */
export const METHOD_FIELDS: Record<PaymentMethod, ('bank_name' | 'transaction_id' | 'cheque_number')[]> = {
  cash: [],
  credit_card: ['transaction_id'],
  bank_transfer: ['bank_name', 'transaction_id'],
  cheque: ['bank_name', 'cheque_number'],
  store_credit: [],
};
