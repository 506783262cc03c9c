import { DEFAULT_REMINDER_SETTINGS, type Invoice, type ReminderSettings } from '@admin/shared/contract';
import { businessToday, dayToUtcMidnight, addDays } from '@admin/shared/dates';
import { describe, expect, it } from '@rstest/core';
import { setUpApp, setUpLedger } from '../../test';

const t = setUpApp();
const ledger = setUpLedger(t);
const PATH = '/api/settings/reminders';
const valid = { ...DEFAULT_REMINDER_SETTINGS, enabled: true };

describe('reminder settings', () => {
  it('answers the documented defaults until an admin saves, then keeps what was saved, audited', async () => {
    const before = (await t.request('GET', PATH)).json().data as ReminderSettings;
    expect(before).toEqual({ ...DEFAULT_REMINDER_SETTINGS, updatedAt: null, statementsSentAs: null });
    expect(before.enabled).toBe(false);
    expect(before.steps.map((step) => step.offsetDays)).toEqual([-3, 0, 7, 14, 30]);

    const saved = await t.request('PUT', PATH, {
      ...valid,
      // Kept in the order they come due.
      steps: [
        { offsetDays: 10, statuses: ['low', 'high'], enabled: true },
        { offsetDays: 0, statuses: ['medium'], enabled: false },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await t.request('GET', PATH)).json().data as ReminderSettings;
    expect(after).toMatchObject({
      enabled: true,
      steps: [
        { offsetDays: 0, statuses: ['medium'], enabled: false },
        { offsetDays: 10, statuses: ['high', 'low'], enabled: true },
      ],
    });
    expect(after.updatedAt).not.toBeNull();
    const trail = (await t.request('GET', '/api/audit-log?entityType=company-settings')).json().data as {
      label: string;
      changes: { field: string }[];
    }[];
    expect(trail.find((entry) => entry.label === 'Payment reminders')?.changes.map((c) => c.field)).toEqual([
      'enabled',
      'steps',
    ]);
  });

  it('keeps who turned the monthly statements on, and forgets it once they are off', async () => {
    const on = await t.request('PUT', PATH, { ...valid, monthlyStatements: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ monthlyStatements: true, statementsSentAs: 'Test User' });
    const refused = await t.request('PUT', PATH, { ...valid, monthlyStatements: 'yes' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors?.monthlyStatements).toBe('Monthly statements must be on or off');
    const off = await t.request('PUT', PATH, valid);
    expect(off.json().data).toMatchObject({ monthlyStatements: false, statementsSentAs: null });
  });

  it('refuses bad settings with the field and what is wrong', async () => {
    const refused = async (body: object, field: string, message: string) => {
      const response = await t.request('PUT', PATH, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors?.[field]).toBe(message);
    };
    const en = DEFAULT_REMINDER_SETTINGS.templates.en;
    await refused(
      { ...valid, templates: { ...valid.templates, en: { ...en, body: 'Pay {invoiceNumber} by {deadline}' } } },
      'templates.en.body',
      'Unknown placeholder {deadline}: use {invoiceNumber}, {customerName}, {dueDate}, {remainingAmount}, {totalAmount} or {companyName}',
    );
    await refused(
      { ...valid, templates: { ...valid.templates, ar: { ...en, subject: ' ' } } },
      'templates.ar.subject',
      'Subject is required',
    );
    await refused(
      { ...valid, steps: [{ offsetDays: 400, statuses: ['high'], enabled: true }] },
      'steps.0.offsetDays',
      'Days from the due date must be a whole number from -30 to 365',
    );
    await refused(
      {
        ...valid,
        steps: [
          { offsetDays: 7, statuses: ['high'], enabled: true },
          { offsetDays: 7, statuses: ['low'], enabled: true },
        ],
      },
      'steps',
      'Each step needs its own number of days: 7 is used twice',
    );
    await refused(
      { ...valid, steps: [{ offsetDays: 7, statuses: [], enabled: true }] },
      'steps.0.statuses',
      'Choose at least one customer status',
    );
  });

  it('keeps the settings to admins', async () => {
    for (const role of ['accountant', 'sales', 'viewer'] as const) {
      const headers = await t.signInAs(role);
      for (const method of ['GET', 'PUT'] as const) {
        const response = await t.app.inject({ method, url: PATH, headers, payload: valid });
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe('You do not have permission to configure payment reminders');
      }
    }
  });
});

describe('promise to pay', () => {
  const promise = (id: string, body: object, headers?: { authorization: string }) =>
    headers
      ? t.app.inject({ method: 'POST', url: `/api/invoices/${id}/promise`, headers, payload: body })
      : t.request('POST', `/api/invoices/${id}/promise`, body);

  it('is shown on the invoice and in its history; a later one replaces it', async () => {
    const today = businessToday(t.config.businessTz, t.config.now());
    const customer = await ledger.customer('Promising Co');
    const invoice = await ledger.invoice(customer._id, 75_000);
    const date = addDays(today, 10);
    const response = await promise(invoice.id, { date, note: '  After the salaries ' });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json().data as Invoice).promise).toEqual({
      date: dayToUtcMidnight(date),
      note: 'After the salaries',
    });
    const read = (await t.request('GET', `/api/invoices/${invoice.id}`)).json().data as Invoice;
    expect(read.promise).toEqual({ date: dayToUtcMidnight(date), note: 'After the salaries' });

    // Today is allowed, and a note may be left out.
    expect((await promise(invoice.id, { date: today })).json().data.promise).toEqual({
      date: dayToUtcMidnight(today),
      note: null,
    });
    const history = (await t.request('GET', `/api/audit-log?entityType=invoice&entityId=${invoice.id}`)).json()
      .data as { action: string; changes: { field: string; before: unknown; after: unknown }[] }[];
    const promises = history.filter((entry) => entry.action === 'promise');
    expect(promises).toHaveLength(2);
    expect(promises[0]?.changes).toEqual([
      {
        field: 'promise',
        before: { date: dayToUtcMidnight(date), note: 'After the salaries' },
        after: { date: dayToUtcMidnight(today), note: null },
      },
    ]);
  });

  it('refuses a past day, a missing day, a settled invoice and staff who may not', async () => {
    const today = businessToday(t.config.businessTz, t.config.now());
    const customer = await ledger.customer('Late Co');
    const invoice = await ledger.invoice(customer._id, 10_000);
    const past = await promise(invoice.id, { date: addDays(today, -1), note: '' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toEqual({ date: 'The promise date must be today or later' });
    const missing = await promise(invoice.id, { note: 'soon' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ date: 'Promise date is required' });

    await ledger.pay(customer._id, [[invoice.id, 10_000]]);
    const paid = await promise(invoice.id, { date: today });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toBe('Only an invoice that still owes money can have a promise to pay');
    const cancelled = await ledger.invoice(customer._id, 10_000, 'cancelled');
    expect((await promise(cancelled.id, { date: today })).statusCode).toBe(409);

    const unknown = await promise('5b1f0a52-6d0e-4d43-9d53-6f3f7b1c2a11', { date: today });
    expect(unknown.statusCode).toBe(404);

    const open = await ledger.invoice(customer._id, 10_000);
    expect((await promise(open.id, { date: today }, await t.signInAs('accountant'))).statusCode).toBe(200);
    for (const role of ['sales', 'viewer'] as const) {
      const refused = await promise(open.id, { date: today }, await t.signInAs(role));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('You do not have permission to record promises to pay');
    }
  });
});
