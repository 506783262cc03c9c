import { beforeEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { configureApi } from '@admin/shared/api';
import { fils, type Approval } from '@admin/shared/contract';
import { queryClient } from '@admin/shared/query';
import { fakeApi, list, openDialog, signInAs } from '@admin/shared/testing';
import { notifyError } from '@admin/shared/ui';
import { renderAt } from '../test/render';
import { ApprovalsPage } from './approvals-page';

const REFUND: Approval = {
  _id: 'a1',
  kind: 'refund',
  status: 'pending_approval',
  amount: fils(250_000),
  customer: { _id: 'c1', customerName: 'Acme Trading' },
  targetId: null,
  input: {},
  requestedBy: { _id: 'u2', name: 'Sara the accountant' },
  requestedAt: '2026-11-21T08:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  reason: null,
  resultId: null,
};
// The signed-in user's own request: they may not decide it.
const MINE: Approval = {
  ...REFUND,
  _id: 'a2',
  kind: 'writeOff',
  amount: fils(75_000),
  customer: { _id: 'c2', customerName: 'Gulf Stores' },
  requestedBy: { _id: 'test-user', name: 'Me' },
};
const DONE: Approval = {
  ...REFUND,
  _id: 'a3',
  kind: 'creditNote',
  status: 'rejected',
  decidedBy: { _id: 'u3', name: 'Omar' },
  decidedAt: '2026-11-21T09:00:00.000Z',
  reason: 'Wrong invoice',
};

function approvalsApi() {
  return fakeApi({
    'GET /approvals': ({ params }) =>
      list(
        [REFUND, MINE, DONE].filter(
          (a) => (!params.status || a.status === params.status) && (!params.kind || a.kind === params.kind),
        ),
      ),
    'POST /approvals/a1/approve': () => ({
      body: { data: { ...REFUND, status: 'approved', decidedBy: { _id: 'test-user', name: 'Me' } } },
    }),
    'POST /approvals/a1/reject': ({ body }) => ({
      body: { data: { ...REFUND, status: 'rejected', reason: (body as { reason: string }).reason } },
    }),
  });
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('Approvals', () => {
  beforeEach(() => {
    configureApi({ notifyError });
    queryClient.clear();
  });

  it('lists each request with kind, amount, customer, maker and status, filtered by status and kind', async () => {
    signInAs('accountant');
    const api = approvalsApi();
    renderAt(<ApprovalsPage />, '/approvals');
    expect(await screen.findByText('Gulf Stores')).toBeTruthy();
    expect(rows()).toHaveLength(3);
    expect(rows()[0]!.textContent).toContain('Refund');
    expect(rows()[0]!.textContent).toContain('250.000');
    expect(rows()[0]!.textContent).toContain('Sara the accountant');
    expect(rows()[0]!.textContent).toContain('Waiting for approval');
    expect(rows()[2]!.textContent).toContain('Omar: Wrong invoice');

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'pending_approval' } });
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), { target: { value: 'writeOff' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.sent.at(-1)?.params).toMatchObject({ status: 'pending_approval', kind: 'writeOff' });
  });

  it('approves another user’s request once asked, and offers nothing on one’s own', async () => {
    signInAs('admin');
    const api = approvalsApi();
    renderAt(<ApprovalsPage />, '/approvals');
    expect(await screen.findByText('Gulf Stores')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve Write-off/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reject Write-off/ })).toBeNull();
    // A decided request has nothing left to decide.
    expect(screen.queryByRole('button', { name: /Approve Credit note/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Approve Refund of 250.000 KD' }));
    const question = await openDialog({ name: 'Approve this request?' }, 'alertdialog');
    expect(within(question).getByText(/for Acme Trading is made now/)).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Refund of 250.000 KD approved')).toBeTruthy();
    expect(api.sent.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/approvals/a1/approve']);
  });

  it('rejects only with a reason', async () => {
    signInAs('accountant');
    const api = approvalsApi();
    renderAt(<ApprovalsPage />, '/approvals');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject Refund of 250.000 KD' }));
    const dialog = await openDialog({ name: 'Reject Refund of 250.000 KD' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Give a reason')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Customer disputes it' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Refund of 250.000 KD rejected')).toBeTruthy();
    const post = api.sent.find((r) => r.method === 'POST');
    expect(post).toMatchObject({ url: '/approvals/a1/reject', body: { reason: 'Customer disputes it' } });
  });

  it('is not for sales or viewers', async () => {
    signInAs('sales');
    approvalsApi();
    renderAt(<ApprovalsPage />, '/approvals');
    expect(await screen.findByText('You do not have access to this page.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
