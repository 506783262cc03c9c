import { beforeEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { configureApi } from '@admin/shared/api';
import type { OutboxMessage, OutboxMessageDetail } from '@admin/shared/contract';
import { queryClient } from '@admin/shared/query';
import { fakeApi, list, openDialog, signInAs } from '@admin/shared/testing';
import { notifyError } from '@admin/shared/ui';
import { renderAt } from '../test/render';
import { SentMailPage } from './sent-mail-page';

const SENT: OutboxMessage = {
  _id: 'm1',
  to: 'accounts@acme.com.kw',
  subject: 'Invoice INV-000042 from Gulf Trading',
  language: 'en',
  status: 'sent',
  lastError: null,
  attempts: 2,
  nextAttemptAt: null,
  sentAt: '2026-11-21T08:05:00.000Z',
  messageId: '<m1@gulf-trading.test>',
  relatesTo: { kind: 'invoice', id: 'i1' },
  resendOf: null,
  createdBy: 'admin',
  createdAt: '2026-11-21T08:00:00.000Z',
  attachments: [{ filename: 'INV-000042.pdf', contentType: 'application/pdf', size: 40_960 }],
};
const WAITING: OutboxMessage = {
  ...SENT,
  _id: 'm2',
  subject: 'Statement of account from Gulf Trading',
  status: 'queued',
  lastError: 'not sent: no mail server configured',
  attempts: 0,
  sentAt: null,
};
const DETAIL: OutboxMessageDetail = {
  ...SENT,
  text: 'Dear Acme Trading,\n\nPlease find attached invoice INV-000042 for 1,234.500 KD.',
  html: null,
  attemptLog: [
    { at: '2026-11-21T08:00:01.000Z', outcome: 'failed', detail: 'connect ECONNREFUSED 127.0.0.1:2525' },
    { at: '2026-11-21T08:05:00.000Z', outcome: 'sent', detail: '250 OK: queued as 7' },
  ],
};

function mailApi() {
  return fakeApi({
    'GET /outbox': ({ params }) => {
      const rows = [SENT, WAITING].filter(
        (m) =>
          (!params.status || m.status === params.status) &&
          m.subject.toLowerCase().includes(String(params.search ?? '').toLowerCase()),
      );
      return list(rows);
    },
    'GET /outbox/m1': () => ({ body: { data: DETAIL } }),
    'POST /outbox/m1/resend': () => ({ status: 201, body: { data: { ...DETAIL, _id: 'm3', status: 'queued' } } }),
  });
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('Sent mail', () => {
  beforeEach(() => {
    configureApi({ notifyError });
    queryClient.clear();
  });

  it('lists every message with its status and why it has not gone, found by subject or status', async () => {
    signInAs('accountant');
    const api = mailApi();
    renderAt(<SentMailPage />, '/sent-mail');
    expect(await screen.findByText('Invoice INV-000042 from Gulf Trading')).toBeTruthy();
    expect(rows()).toHaveLength(2);
    expect(within(rows()[1]!).getByText('Queued')).toBeTruthy();
    expect(within(rows()[1]!).getByText('not sent: no mail server configured')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'sent' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(api.sent.at(-1)?.params).toMatchObject({ status: 'sent' });

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: '' } });
    fireEvent.change(screen.getByPlaceholderText('Search by address or subject'), {
      target: { value: 'statement' },
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('Statement of account from Gulf Trading')).toBeTruthy();
    // A queued message goes by itself: nothing to resend.
    expect(screen.queryByRole('button', { name: /^Resend/ })).toBeNull();
  });

  it('shows a message’s text, attachment and every attempt, and resends it once asked', async () => {
    signInAs('accountant');
    const api = mailApi();
    renderAt(<SentMailPage />, '/sent-mail');
    fireEvent.click(await screen.findByRole('button', { name: 'Details of Invoice INV-000042 from Gulf Trading' }));
    const dialog = await openDialog({ name: 'Message' });
    expect(await within(dialog).findByText(/Please find attached invoice INV-000042/)).toBeTruthy();
    expect(within(dialog).getByText('INV-000042.pdf')).toBeTruthy();
    const attempts = within(within(dialog).getByRole('table', { name: 'Attempts' }))
      .getAllByRole('row')
      .slice(1);
    expect(attempts.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Failedconnect ECONNREFUSED 127.0.0.1:2525'),
      expect.stringContaining('Sent250 OK: queued as 7'),
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Resend Invoice INV-000042 from Gulf Trading' }));
    const question = await openDialog({ name: 'Resend this message?' }, 'alertdialog');
    expect(within(question).getByText(/goes to accounts@acme.com.kw again/)).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('A copy to accounts@acme.com.kw is queued')).toBeTruthy();
    expect(api.sent.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual([
      '/outbox/m1/resend',
    ]);
  });

  it('is not for sales or viewers', async () => {
    signInAs('sales');
    mailApi();
    renderAt(<SentMailPage />, '/sent-mail');
    expect(await screen.findByText('You do not have access to this page.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
