import { beforeEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { shareAreaContract } from '@admin/shared/area-contract';
import { paginationOf, type AuditEntry, type AuditVerifyResult } from '@admin/shared/contract';
import { queryClient } from '@admin/shared/query';
import { fakeApi, signInAs } from '@admin/shared/testing';
import { renderAt } from '../test/render';
import { AuditLogPage } from './audit-log-page';

// The areas' words for their kinds of record, as the page has them once the areas have loaded.
shareAreaContract();

const ENTRY: AuditEntry = {
  _id: '42',
  at: '2026-11-21T11:05:00.000Z',
  actor: { _id: 'u2', username: 'sam' },
  action: 'create',
  entityType: 'invoice',
  entityId: 'e1',
  label: 'INV-000042',
  changes: [{ field: 'invoiceNumber', before: null, after: 'INV-000042' }],
  hash: 'h',
  prevHash: 'p',
};

function logApi(verify: AuditVerifyResult = { ok: true, checked: 7 }) {
  return fakeApi({
    'GET /audit-log': () => ({ body: { data: [ENTRY], pagination: paginationOf(1, 20, 1) } }),
    'GET /audit-log/verify': () => ({ body: { data: verify } }),
  });
}

describe('the audit log page', () => {
  let server: ReturnType<typeof fakeApi> | undefined;
  beforeEach(() => {
    queryClient.clear();
    signInAs('admin');
  });

  it("asks for the address's filters and opens an entry's changes on demand", async () => {
    server = logApi();
    renderAt(<AuditLogPage />, '/audit-log?entityType=invoice&actor=sam&from=2026-11-01');
    const entries = await screen.findByRole('list', { name: 'Audit log entries' });
    expect(within(entries).getByText('INV-000042')).toBeTruthy();
    expect(server.sent[0]?.params).toEqual({
      page: 1,
      limit: 20,
      entityType: 'invoice',
      actor: 'sam',
      from: '2026-11-01',
    });
    // The record types are the areas' words, which arrive on their own: the choice shows once they have.
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Record type' }) as HTMLSelectElement).value).toBe('invoice'),
    );
    expect((screen.getByRole('textbox', { name: 'User' }) as HTMLInputElement).value).toBe('sam');

    expect(within(entries).queryByText('Invoice #')).toBeNull();
    fireEvent.click(within(entries).getByRole('button', { name: 'Changes (1)' }));
    expect(within(entries).getByText('Invoice #')).toBeTruthy();
  });

  it('a filter chosen goes to the request', async () => {
    server = logApi();
    renderAt(<AuditLogPage />, '/audit-log');
    await screen.findByRole('list', { name: 'Audit log entries' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), { target: { value: 'delete' } });
    await waitFor(() => expect(server!.sent.at(-1)?.params).toEqual({ page: 1, limit: 20, action: 'delete' }));
  });

  it("filters on the closed period and its steps, which are the host's own words", async () => {
    server = logApi();
    renderAt(<AuditLogPage />, '/audit-log');
    await screen.findByRole('list', { name: 'Audit log entries' });
    const type = screen.getByRole('combobox', { name: 'Record type' });
    expect(within(type).getByRole('option', { name: 'Closed Period' })).toBeTruthy();
    fireEvent.change(type, { target: { value: 'period-lock' } });
    const action = screen.getByRole('combobox', { name: 'Action' });
    for (const name of ['Closed the books', 'Asked to reopen', 'Approved the reopen', 'Rejected the reopen'])
      expect(within(action).getByRole('option', { name })).toBeTruthy();
    fireEvent.change(action, { target: { value: 'reopen-approve' } });
    await waitFor(() =>
      expect(server!.sent.at(-1)?.params).toEqual({
        page: 1,
        limit: 20,
        entityType: 'period-lock',
        action: 'reopen-approve',
      }),
    );
  });

  it('Verify chain reports an intact chain, or the first broken entry', async () => {
    server = logApi();
    renderAt(<AuditLogPage />, '/audit-log');
    fireEvent.click(screen.getByRole('button', { name: 'Verify chain' }));
    expect(await screen.findByText('Chain intact: 7 entries checked')).toBeTruthy();
    server.restore();

    server = logApi({ ok: false, checked: 12, firstBrokenId: '9' });
    fireEvent.click(screen.getByRole('button', { name: 'Verify chain' }));
    expect(await screen.findByText('Chain broken at entry #9')).toBeTruthy();
  });

  it('Verify chain says why a chain is broken, and which anchor an intact one matches', async () => {
    const anchor = { seq: 40, hash: 'ab'.repeat(32), at: '2026-11-27T21:05:00.000Z' };
    server = logApi({ ok: false, checked: 37, firstBrokenId: '38', problem: 'missing', anchor });
    renderAt(<AuditLogPage />, '/audit-log');
    fireEvent.click(screen.getByRole('button', { name: 'Verify chain' }));
    expect(await screen.findByText('Chain broken at entry #38')).toBeTruthy();
    expect(
      screen.getByText(
        'The trail ends before it, but the last anchor names entries up to #40: the newest entries were deleted.',
      ),
    ).toBeTruthy();
    server.restore();

    server = logApi({ ok: true, checked: 41, anchor });
    fireEvent.click(screen.getByRole('button', { name: 'Verify chain' }));
    expect(await screen.findByText('It matches the anchor written on 28/11/2026 00:05 (entry #40).')).toBeTruthy();
  });

  it('is closed to anyone but an admin', () => {
    signInAs('sales');
    server = logApi();
    renderAt(<AuditLogPage />, '/audit-log');
    expect(screen.getByText('You do not have access to this page.')).toBeTruthy();
    expect(server.sent).toEqual([]);
  });
});
