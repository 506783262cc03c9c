import { beforeEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { configureApi } from '@admin/shared/api';
import type { PeriodLock, PeriodReopenRequest } from '@admin/shared/contract';
import { queryClient } from '@admin/shared/query';
import { fakeApi, openDialog, signInAs } from '@admin/shared/testing';
import { notifyError } from '@admin/shared/ui';
import { renderAt } from '../test/render';
import { PeriodLockCard } from './period-lock-card';

const request = (overrides: Partial<PeriodReopenRequest> = {}): PeriodReopenRequest => ({
  _id: 'r1',
  lockedThrough: '2026-09-30T00:00:00.000Z' as PeriodReopenRequest['lockedThrough'],
  reason: 'A supplier bill came late',
  status: 'pending',
  requestedBy: { _id: 'someone-else', name: 'Amal Admin' },
  requestedAt: '2026-11-28T06:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  ...overrides,
});

/** The period lock API over `lock`; `sent` keeps each write's path and body. */
function periodApi(initial: PeriodLock) {
  const sent: { url: string; body: unknown }[] = [];
  let lock = initial;
  const answer = (url: string, body: unknown, next: PeriodLock) => {
    sent.push({ url, body });
    lock = next;
    return { body: { data: lock } };
  };
  fakeApi({
    'GET /settings/period-lock': () => ({ body: { data: lock } }),
    'PUT /settings/period-lock': (r) => {
      const { lockedThrough } = r.body as { lockedThrough: string };
      if (lock.lockedThrough && lockedThrough < lock.lockedThrough)
        return {
          status: 409,
          body: { message: 'The books are closed through 31/10/2026: to move the day back, ask for a reopen' },
        };
      return answer('PUT /settings/period-lock', r.body, {
        ...lock,
        lockedThrough: `${lockedThrough.slice(0, 10)}T00:00:00.000Z` as never,
      });
    },
    'POST /settings/period-lock/reopen': (r) =>
      answer('POST /settings/period-lock/reopen', r.body, {
        ...lock,
        pendingReopen: request({ requestedBy: { _id: 'test-user', name: 'admin' } }),
      }),
    'POST /settings/period-lock/reopen/r1/approve': (r) =>
      answer('approve', r.body, { lockedThrough: '2026-09-30T00:00:00.000Z' as never, pendingReopen: null }),
    'POST /settings/period-lock/reopen/r1/reject': (r) => answer('reject', r.body, { ...lock, pendingReopen: null }),
  });
  return sent;
}

const card = async () => {
  renderAt(<PeriodLockCard />, '/settings/company');
  return screen.findByRole('region', { name: 'Closed period' });
};

describe('the closed period card', () => {
  beforeEach(() => {
    configureApi({ notifyError });
    queryClient.clear();
    signInAs('admin');
  });

  it('closes the books through a day once confirmed, and shows the day', async () => {
    const sent = periodApi({ lockedThrough: null, pendingReopen: null });
    const section = await card();
    expect(await within(section).findByText('No period is closed')).toBeTruthy();
    // Nothing is closed: nothing to reopen.
    expect(within(section).queryByRole('form', { name: 'Reopen' })).toBeNull();
    const form = within(section).getByRole('form', { name: 'Close period' });
    fireEvent.change(within(form).getByLabelText('Close the books through', { exact: false }), {
      target: { value: '31/10/2026' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Close period' }));
    const question = await openDialog(undefined, 'alertdialog');
    expect(
      within(question).getByText(
        'Close the books through 31/10/2026? No one can then record, edit or delete anything dated on or before it.',
      ),
    ).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.click(within(question).getByRole('button', { name: 'Close period' }));
    await waitFor(() =>
      expect(sent).toEqual([{ url: 'PUT /settings/period-lock', body: { lockedThrough: '2026-10-31T00:00:00.000Z' } }]),
    );
    expect(await within(section).findByText('The books are closed through 31/10/2026')).toBeTruthy();
    expect(within(section).getByRole('form', { name: 'Reopen' })).toBeTruthy();
  });

  it('asks to reopen with a reason, and then waits for another admin', async () => {
    const sent = periodApi({ lockedThrough: '2026-10-31T00:00:00.000Z' as never, pendingReopen: null });
    const section = await card();
    const form = await within(section).findByRole('form', { name: 'Reopen' });
    fireEvent.click(within(form).getByRole('button', { name: 'Ask to reopen' }));
    expect(await within(form).findByText('Give the reason for reopening')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Keep closed through', { exact: false }), {
      target: { value: '30/09/2026' },
    });
    fireEvent.change(within(form).getByLabelText('Reason for reopening', { exact: false }), {
      target: { value: 'A supplier bill came late' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Ask to reopen' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: 'POST /settings/period-lock/reopen',
      body: { lockedThrough: '2026-09-30T00:00:00.000Z', reason: 'A supplier bill came late' },
    });
    expect(await within(section).findByText("Waiting for another administrator's approval.")).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Approve reopen' })).toBeNull();
  });

  it("shows another admin's request with Approve and Reject", async () => {
    const sent = periodApi({ lockedThrough: '2026-10-31T00:00:00.000Z' as never, pendingReopen: request() });
    const section = await card();
    const pending = await within(section).findByRole('region', { name: 'Reopen waiting for approval' });
    expect(within(pending).getByText('Amal Admin asks to reopen the books after 30/09/2026.')).toBeTruthy();
    expect(within(pending).getByText('Reason: A supplier bill came late')).toBeTruthy();
    fireEvent.click(within(pending).getByRole('button', { name: 'Approve reopen' }));
    await waitFor(() => expect(sent.map((s) => s.url)).toEqual(['approve']));
    expect(await within(section).findByText('The books are closed through 30/09/2026')).toBeTruthy();
  });

  it('rejects with a reason', async () => {
    const sent = periodApi({ lockedThrough: '2026-10-31T00:00:00.000Z' as never, pendingReopen: request() });
    const section = await card();
    const pending = await within(section).findByRole('region', { name: 'Reopen waiting for approval' });
    fireEvent.change(within(pending).getByLabelText('Reason for rejecting', { exact: false }), {
      target: { value: 'The audit is done' },
    });
    fireEvent.click(within(pending).getByRole('button', { name: 'Reject reopen' }));
    await waitFor(() => expect(sent).toEqual([{ url: 'reject', body: { reason: 'The audit is done' } }]));
    await waitFor(() =>
      expect(within(section).queryByRole('region', { name: 'Reopen waiting for approval' })).toBeNull(),
    );
  });
});
