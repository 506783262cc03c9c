import { beforeEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen } from '@testing-library/react';
import type { CompanySettings } from '@admin/shared/contract';
import { queryClient } from '@admin/shared/query';
import { fakeApi, signInAs } from '@admin/shared/testing';
import { CurrentPath, renderAt } from '../test/render';
import { CompanyUnsetPrompt } from './company-unset-prompt';

const UNSET: CompanySettings = {
  companyNameEn: '',
  companyNameAr: '',
  address: '',
  phone: '',
  email: '',
  commercialRegistration: '',
  invoiceFooter: '',
  arabicIndicDigits: false,
  logoUrl: null,
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const PROMPT = "Company details are not set: documents print without the seller's name.";

function renderPrompt(company: CompanySettings, path = '/invoices') {
  fakeApi({ 'GET /settings/company': () => company });
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
    renderPrompt(UNSET);
    expect(await screen.findByText(PROMPT)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Set company details' }));
    expect(screen.getByLabelText('Current path').textContent).toBe('/settings/company');
    // On the settings page itself the form says it all.
    expect(screen.queryByText(PROMPT)).toBeNull();
  });

  it('says nothing once the company has a name, nor to staff who cannot set it', async () => {
    signInAs('admin');
    renderPrompt({ ...UNSET, companyNameEn: 'Gulf Trading Co.', companyNameAr: 'شركة الخليج' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queryClient.getQueryData(['company-settings'])).toBeTruthy();
    expect(screen.queryByText(PROMPT)).toBeNull();

    queryClient.clear();
    signInAs('sales');
    renderPrompt(UNSET);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(PROMPT)).toBeNull();
  });
});
