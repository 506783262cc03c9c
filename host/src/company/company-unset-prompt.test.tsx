import { beforeEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen } from '@testing-library/react';
import type { CompanySettings } from '@admin/shared/contract';
import { queryClient } from '@admin/shared/query';
import { fakeApi, signInAs } from '@admin/shared/testing';
import { CurrentPath, renderAt, UNSET_COMPANY } from '../test/render';
import { CompanyUnsetPrompt } from './company-unset-prompt';

const PROMPT = "Company details are not set: documents print without the seller's name.";

function renderPrompt(company: CompanySettings, path = '/invoices') {
  fakeApi({ 'GET /settings/company': () => ({ data: company }) });
  renderAt(
    <>
      <CompanyUnsetPrompt />
      <CurrentPath />
    </>,
    path,
  );
}

describe('CompanyUnsetPrompt', () => {
  beforeEach(() => queryClient.clear());

  it('tells an admin on a fresh install, in one line, and leads to the company settings', async () => {
    signInAs('admin');
    renderPrompt(UNSET_COMPANY);
    expect(await screen.findByText(PROMPT)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Set company details' }));
    expect(screen.getByLabelText('Current path').textContent).toBe('/settings/company');
    // On the settings page itself the form says it all.
    expect(screen.queryByText(PROMPT)).toBeNull();
  });

  it('says nothing once the company has a name, nor to staff who cannot set it', async () => {
    signInAs('admin');
    renderPrompt({ ...UNSET_COMPANY, companyNameEn: 'Gulf Trading Co.', companyNameAr: 'شركة الخليج' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queryClient.getQueryData(['company-settings'])).toBeTruthy();
    expect(screen.queryByText(PROMPT)).toBeNull();

    queryClient.clear();
    signInAs('sales');
    renderPrompt(UNSET_COMPANY);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(PROMPT)).toBeNull();
  });
});
