import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../worker/src/schemas/common.ts';
import { customerInput } from '../../worker/src/schemas/customers.ts';
import { supplierInput } from '../../worker/src/schemas/suppliers.ts';

describe('customer and supplier input', () => {
  it('keeps only the known fields, trims them and empties blank optional ones', () => {
    const parsed = customerInput.parse({ name: ' Ann ', phone: '1', address: 'A', email: ' ', id: 5, extra: true });
    expect(parsed).toEqual({ name: 'Ann', phone: '1', address: 'A', email: null, company_name: null, tax_exempt: false, tax_exempt_certificate: null, tax_exempt_until: null });
  });

  it('gives the specification messages, keyed by field', () => {
    const result = supplierInput.safeParse({ email: 'x' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      name: ['Name is required'],
      email: ['Email must be a valid email address'],
      phone: ['Phone is required'],
      address: ['Address is required'],
    });
  });
});
