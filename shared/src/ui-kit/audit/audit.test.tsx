import { shareAreaContract } from '../../area-contract';
import { describe, expect, it } from '@rstest/core';
import { fireEvent, screen, within } from '@testing-library/react';
import type { AuditEntry } from '@admin/shared/contract';
import { fakeApi, list, openDialog, renderPage, signInAs } from '../../testing';
import { AuditChanges } from './audit-changes';
import { AuditEntryRow } from './audit-entry';
import { HistoryButton } from './history-button';
import { formatDateTime } from './labels';

// The areas' words (permissions, audit kinds, print words), as the page has them once an area has loaded.
shareAreaContract();

const INVOICE_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1';
const ACME = { _id: '11111111-1111-4111-8111-111111111111', customerName: 'Acme Trading' };
const WIDGET = { _id: '33333333-3333-4333-8333-333333333333', productName: 'Widget' };

/** The definition term's value in a rendered change list: 'Unit Price' -> its dd. */
const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  _id: '1',
  at: '2026-11-21T10:05:00.000Z',
  actor: { _id: 'u1', username: 'admin' },
  action: 'update',
  entityType: 'invoice',
  entityId: INVOICE_ID,
  label: 'INV-000042',
  changes: [],
  hash: 'h',
  prevHash: 'p',
  ...over,
});

let server: ReturnType<typeof fakeApi> | undefined;

describe('AuditChanges', () => {
  it('shows an edit as before -> after with readable names, money in KD and references by name', () => {
    renderPage(
      <AuditChanges
        action="update"
        changes={[
          { field: 'productPrice', before: 1500, after: 2250 },
          {
            field: 'productType',
            before: { _id: 't1', productTypeName: 'Hardware' },
            after: { _id: 't2', productTypeName: 'Software' },
          },
          { field: 'referenceNumber', before: null, after: 'R-7' },
        ]}
      />,
    );
    expect(valueOf('Product Price').textContent).toBe('1.500 KD→2.250 KD');
    expect(valueOf('Product Type').textContent).toBe('Hardware→Software');
    expect(valueOf('Reference #').textContent).toBe('—→R-7');
    expect(screen.queryByText(/t1|t2/)).toBeNull();
  });

  it('shows a change of discount on a line and on the invoice', () => {
    renderPage(
      <AuditChanges
        action="update"
        changes={[
          {
            field: 'products',
            before: [{ product: WIDGET, quantity: 2, unitPrice: 1500 }],
            after: [{ product: WIDGET, quantity: 2, unitPrice: 1500, discount: { percent: 12.5 } }],
          },
          { field: 'discount', before: { percent: 10 }, after: { amount: 500 } },
        ]}
      />,
    );
    expect(valueOf('Lines').textContent).toBe('Widget × 2 @ 1.500 KD→Widget × 2 @ 1.500 KD − 12.5%');
    expect(valueOf('Discount').textContent).toBe('10%→0.500 KD');
  });

  it('shows a create as the new values: lines, days as dates, the customer by name, Credit or Cash, settled invoices', () => {
    renderPage(
      <AuditChanges
        action="create"
        changes={[
          { field: 'customer', before: null, after: ACME },
          { field: 'dateOfCreation', before: null, after: '2026-11-21T00:00:00.000Z' },
          { field: 'credit', before: null, after: true },
          { field: 'products', before: null, after: [{ product: WIDGET, quantity: 2, unitPrice: 1500 }] },
          { field: 'totalAmount', before: null, after: 3000 },
          {
            field: 'allocations',
            before: null,
            after: [{ invoice: INVOICE_ID, invoiceNumber: 'INV-000042', amount: 1500 }],
          },
        ]}
      />,
    );
    expect(valueOf('Customer').textContent).toBe('Acme Trading');
    expect(valueOf('Date of Creation').textContent).toBe('21/11/2026');
    expect(valueOf('Payment Type').textContent).toBe('Credit');
    expect(valueOf('Lines').textContent).toBe('Widget × 2 @ 1.500 KD');
    expect(valueOf('Total Amount').textContent).toBe('3.000 KD');
    expect(valueOf('Allocations').textContent).toBe('Invoice # INV-000042 · Amount 1.500 KD');
    expect(screen.queryByText('→')).toBeNull();
  });

  it("shows a deleted record's fields as they were", () => {
    renderPage(
      <AuditChanges
        action="delete"
        changes={[
          { field: 'customerName', before: 'Acme Trading', after: null },
          { field: 'customerKind', before: { _id: 'k1', kindName: 'Retail' }, after: null },
          { field: 'status', before: 'high', after: null },
          { field: 'advanceBalance', before: 1500, after: null },
        ]}
      />,
    );
    expect(valueOf('Customer Name').textContent).toBe('Acme Trading');
    expect(valueOf('Kind').textContent).toBe('Retail');
    expect(valueOf('Status').textContent).toBe('High');
    expect(valueOf('Advance Balance').textContent).toBe('1.500 KD');
    expect(screen.queryByText('—')).toBeNull();
  });

  it('says so when an entry changed no field', () => {
    renderPage(<AuditChanges action="pause" changes={[]} />);
    expect(screen.getByText('No field changes.')).toBeTruthy();
  });
});

describe('AuditEntryRow', () => {
  it('names the record, the time in Kuwait, who, and keeps long changes behind a toggle', () => {
    renderPage(
      <ol>
        <AuditEntryRow
          entry={entry({ changes: [{ field: 'notes', before: 'a', after: 'b' }] })}
          showRecord
          collapsible
        />
      </ol>,
    );
    expect(screen.getByText('Edited', { exact: false }).textContent).toBe('Edited · Invoice INV-000042');
    expect(screen.getByText('21/11/2026 13:05')).toBeTruthy();
    expect(screen.getByText('admin')).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Changes (1)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Notes')).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide changes' }).getAttribute('aria-expanded')).toBe('true');
    expect(valueOf('Notes').textContent).toBe('a→b');
  });

  it('formats moments day first in the business zone', () => {
    expect(formatDateTime('2026-11-21T22:30:00.000Z')).toBe('22/11/2026 01:30');
  });
});

describe('HistoryButton', () => {
  const trail = [
    entry({ _id: '2', at: '2026-11-22T07:00:00.000Z', changes: [{ field: 'totalAmount', before: 3000, after: 4500 }] }),
    entry({
      _id: '1',
      action: 'create',
      actor: { _id: 'u2', username: 'sara' },
      changes: [{ field: 'customer', before: null, after: ACME }],
    }),
  ];

  it('is not there for a user who may not read the audit log', () => {
    signInAs('accountant');
    renderPage(<HistoryButton entityType="invoice" entityId={INVOICE_ID} label="INV-000042" />);
    expect(screen.queryByRole('button', { name: 'History of INV-000042' })).toBeNull();
  });

  it("opens the record's trail, newest first, from GET /audit-log", async () => {
    signInAs('admin');
    server = fakeApi({ 'GET /audit-log': () => list(trail) });
    renderPage(<HistoryButton entityType="invoice" entityId={INVOICE_ID} label="INV-000042" />);
    fireEvent.click(screen.getByRole('button', { name: 'History of INV-000042' }));
    const dialog = await openDialog({ name: 'History of INV-000042' });
    const entries = within(await within(dialog).findByRole('list', { name: 'History of INV-000042' })).getAllByRole(
      'listitem',
    );
    expect(entries).toHaveLength(2);
    const [edited, created] = entries;
    if (!edited || !created) throw new Error('two entries expected');
    expect(within(edited).getByText('Edited')).toBeTruthy();
    expect(within(created).getByText('Created')).toBeTruthy();
    expect(within(edited).getByText('22/11/2026 10:00')).toBeTruthy();
    expect(within(edited).getByText('3.000 KD')).toBeTruthy();
    expect(within(created).getByText('sara')).toBeTruthy();
    expect(within(created).getByText('Acme Trading')).toBeTruthy();
    expect(server.sent.at(-1)).toMatchObject({
      url: '/audit-log',
      params: { entityType: 'invoice', entityId: INVOICE_ID, page: 1 },
    });
  });
});
