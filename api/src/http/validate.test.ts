import { describe, expect, it } from '@rstest/core';
import { InvoicePaymentInputSchema } from '@admin/shared/contract';
import * as v from 'valibot';
import { NUL_CHARACTER, parse } from './validate';

function problem(input: unknown) {
  try {
    parse(InvoicePaymentInputSchema, input);
  } catch (error) {
    return error as { statusCode: number; message: string; errors?: Record<string, string> };
  }
  throw new Error('expected a 400');
}

describe('parse', () => {
  const invoice = '5f7e1d2c-8a9b-4c3d-9e8f-1a2b3c4d5e6f';
  const valid = {
    customer: '4f7e1d2c-8a9b-4c3d-9e8f-1a2b3c4d5e6f',
    paymentDate: '2026-11-21',
    paymentMode: 'Cash',
    relatedInvoices: [{ invoice, paidAmount: 1000 }],
  };

  it('gives a field missing inside a list its own message, named by its path', () => {
    const answer = problem({ ...valid, relatedInvoices: [{ invoice }] });
    expect(answer.statusCode).toBe(400);
    expect(answer.message).toBe('Amount is required');
    expect(answer.errors).toEqual({ 'relatedInvoices.0.paidAmount': 'Amount is required' });
  });

  it('names a missing top-level field with its own message', () => {
    const { paymentDate: _omitted, ...rest } = valid;
    expect(problem(rest).errors).toEqual({ paymentDate: 'Payment date is required' });
  });
});

describe('text PostgreSQL cannot store', () => {
  it('is a 400 on the field holding a NUL character', () => {
    const schema = v.strictObject({ lines: v.array(v.strictObject({ note: v.string() })) });
    expect(() => parse(schema, { lines: [{ note: 'ok' }, { note: 'a\u0000b' }] })).toThrow(
      expect.objectContaining({ statusCode: 400, message: NUL_CHARACTER, errors: { 'lines.1.note': NUL_CHARACTER } }),
    );
  });
});
