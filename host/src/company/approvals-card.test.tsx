import { beforeEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { configureApi } from '@admin/shared/api';
import { NO_APPROVALS, type ApprovalSettingsInput } from '@admin/shared/contract';
import { queryClient } from '@admin/shared/query';
import { fakeApi, signInAs } from '@admin/shared/testing';
import { notifyError } from '@admin/shared/ui';
import { renderAt } from '../test/render';
import { ApprovalsCard } from './approvals-card';

/** The approval amounts API, none set; `sent` keeps what each PUT carried. */
function amountsApi() {
  const sent: ApprovalSettingsInput[] = [];
  fakeApi({
    'GET /settings/approvals': () => ({ body: { data: { ...NO_APPROVALS, bounce: 1_000_000 } } }),
    'PUT /settings/approvals': (request) => {
      const input = request.body as ApprovalSettingsInput;
      sent.push(input);
      return { body: { data: input } };
    },
  });
  return sent;
}

describe('the approval amounts', () => {
  beforeEach(() => {
    configureApi({ notifyError });
    queryClient.clear();
    signInAs('admin');
  });

  it('shows each kind’s amount, empty for none, and saves them in fils', async () => {
    const sent = amountsApi();
    renderAt(<ApprovalsCard />, '/settings/company');
    const form = await screen.findByRole('form', { name: 'Approval amounts' });
    const box = (label: string) => within(form).getByLabelText(label) as HTMLInputElement;
    await waitFor(() => expect(box('Cheque bounces above').value).toBe('1000.000'));
    expect(box('Refunds above').value).toBe('');
    fireEvent.change(box('Refunds above'), { target: { value: '250' } });
    fireEvent.change(box('Cheque bounces above'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save approval amounts' }));
    expect(await screen.findByText('Approval amounts saved')).toBeTruthy();
    expect(sent).toEqual([{ refund: 250_000, creditNote: null, writeOff: null, bounce: null }]);
  });

  it('refuses an amount that is not one', async () => {
    const sent = amountsApi();
    renderAt(<ApprovalsCard />, '/settings/company');
    const form = await screen.findByRole('form', { name: 'Approval amounts' });
    fireEvent.change(within(form).getByLabelText('Write-offs above'), { target: { value: 'lots' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save approval amounts' }));
    expect(await within(form).findByText(/Enter an amount of 0 KD or more|Enter an amount/)).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
