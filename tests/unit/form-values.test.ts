import { describe, expect, it } from 'vitest';
import { toFormValues } from '../../web/src/shared/forms/useSchemaForm.ts';

describe('form values from a record', () => {
  it('shows money with two decimals and leaves other numbers and empty values as they are', () => {
    const record = { cost_price: 7.5, unit_price: 12, selling_price: null, ampere: 60, name: 'Bosch S4', notes: undefined };
    expect(toFormValues(['cost_price', 'unit_price', 'selling_price', 'ampere', 'name', 'notes'], record)).toEqual({
      cost_price: '7.50',
      unit_price: '12.00',
      selling_price: '',
      ampere: '60',
      name: 'Bosch S4',
      notes: '',
    });
  });
});
