import { shareAreaContract } from '../../area-contract';
import { describe, expect, it, rs } from '@rstest/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DocumentSendFormSchema, type CompanySettings } from '@admin/shared/contract';
import {
  answer,
  companySettingsRecord,
  customerRecord,
  fakeApi,
  openDialog,
  outboxMessageRecord,
  renderPage,
  signInAs,
} from '../../testing';
import { CustomerBlock, PrintLabel } from './print-document';
import { PrintedDocument, type PrintedDocumentProps } from './printed-document';

// The areas' words (permissions, audit kinds, print words), as the page has them once an area has loaded.
shareAreaContract();

const COMPANY = companySettingsRecord({
  companyNameEn: 'Gulf Trading Co.',
  companyNameAr: 'شركة الخليج التجارية',
  address: 'Kuwait City',
  phone: '+965 2222 3333',
  invoiceFooter: 'Thank you for your business.',
  arabicIndicDigits: true,
  logoUrl: '/api/settings/company/logo/abc.png',
});

interface Note {
  number: string;
}

/** The document for an Arabic-reading customer, with the company's settings and the customer's record served. */
function renderDocument(
  customerId: string,
  query: PrintedDocumentProps<Note>['query'],
  path = '/',
  company: CompanySettings = COMPANY,
) {
  fakeApi({
    'GET /settings/company': () => answer(company),
    [`GET /customers/${customerId}`]: () =>
      answer(
        customerRecord({
          _id: customerId,
          customerAlternateName: 'أكمي للتجارة',
          preferredLanguage: 'ar',
          email: 'accounts@acme.com.kw',
          mobile: '+965 5555 1234',
          address: 'Block 4, Street 12',
          idNumber: '287010112345',
        }),
      ),
  });
  renderPage(
    <PrintedDocument<Note>
      query={query}
      back={{ to: '/notes', label: 'Back to Notes' }}
      errorText="This note could not be loaded."
      customerId={customerId}
      titleKey="invoice"
      sheetLabel={(note) => ({ key: 'invoiceSheet', values: { number: note.number } })}
      actions={<button type="button">Download CSV</button>}
      toolbar={<span>Period</span>}
    >
      {(note) => (
        <CustomerBlock headingKey="billTo" fallbackName="Acme (from the note)">
          <PrintLabel text="invoiceNumber" />: {note.number}
        </CustomerBlock>
      )}
    </PrintedDocument>,
    path,
  );
}

/** An invoice of the customer `customerId` that can be sent by e-mail. */
function renderSendable(customerId: string, number: string) {
  renderPage(
    <PrintedDocument<Note>
      query={{ isPending: false, isError: false, data: { number } }}
      errorText="This note could not be loaded."
      customerId={customerId}
      titleKey="invoice"
      sheetLabel={(note) => ({ key: 'invoiceSheet', values: { number: note.number } })}
      send={{ path: '/invoices/INV/send', schema: DocumentSendFormSchema }}
    >
      {() => <p>Lines</p>}
    </PrintedDocument>,
  );
}

describe('PrintedDocument', () => {
  it("frames the document in the customer's language: company block, logo, footer, Back, actions and Print", async () => {
    const id = '21111111-1111-4111-8111-111111111111';
    renderDocument(id, { isPending: false, isError: false, data: { number: 'INV-000042' } });

    // Arabic, the customer's language: the sheet reads right to left.
    const sheet = await screen.findByRole('article', { name: 'فاتورة INV-000042' });
    expect(sheet.getAttribute('dir')).toBe('rtl');
    expect(within(sheet).getByRole('heading', { name: 'شركة الخليج التجارية' })).toBeTruthy();
    expect(within(sheet).getByText('فاتورة إلى')).toBeTruthy();
    expect(sheet.querySelector('img')?.getAttribute('src')).toBe(COMPANY.logoUrl);
    expect(within(sheet).getByText('Thank you for your business.')).toBeTruthy();
    // The customer's record replaces the note's own name once it has loaded.
    expect(await within(sheet).findByText('Acme Trading')).toBeTruthy();
    // Around the sheet, in the screen's language: Back, the document's actions, Print and the toolbar.
    expect(screen.getByRole('link', { name: 'Back to Notes' }).getAttribute('href')).toBe('/notes');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.getByText('Period')).toBeTruthy();

    // Another language is chosen above the sheet.
    const languages = screen.getByRole('group', { name: 'Print language' });
    fireEvent.click(within(languages).getByRole('button', { name: 'English' }));
    const english = await screen.findByRole('article', { name: 'Invoice INV-000042' });
    expect(english.getAttribute('dir')).toBe('ltr');
    expect(within(english).getByRole('heading', { name: 'Gulf Trading Co.' })).toBeTruthy();
    expect(within(english).getByText('Bill to')).toBeTruthy();
  });

  it('opens in the language the address names: both, side by side', async () => {
    const id = '31111111-1111-4111-8111-111111111111';
    renderDocument(id, { isPending: false, isError: false, data: { number: 'INV-000043' } }, '/?print=both');
    const sheet = await screen.findByRole('article', { name: 'Invoice INV-000043' });
    expect(within(sheet).getByText('Bill to')).toBeTruthy();
    expect(within(sheet).getByText('فاتورة إلى')).toBeTruthy();
    expect(
      within(screen.getByRole('group', { name: 'Print language' }))
        .getByRole('button', { name: 'Bilingual' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it("prints the customer's contacts, and bilingual terms as one block: the English with the Arabic under it", async () => {
    const id = '61111111-1111-4111-8111-111111111111';
    renderDocument(id, { isPending: false, isError: false, data: { number: 'INV-000044' } }, '/?print=both');
    const sheet = await screen.findByRole('article', { name: 'Invoice INV-000044' });
    expect(await within(sheet).findByText('Block 4, Street 12')).toBeTruthy();
    for (const contact of ['accounts@acme.com.kw', '+965 5555 1234', '287010112345']) {
      expect(within(sheet).getByText(contact)).toBeTruthy();
    }
    // A label before its value reads 'Mobile / الهاتف النقال: +965 5555 1234'.
    expect(within(sheet).getByText('+965 5555 1234').parentElement?.textContent).toBe(
      'Mobile / الهاتف النقال: +965 5555 1234',
    );
    // A heading: two lines of one box as wide as the longer, not two words at the ends of the line.
    const arabic = within(sheet).getByText('فاتورة إلى');
    expect(arabic.getAttribute('dir')).toBe('rtl');
    const block = arabic.parentElement!;
    expect(block).toBe(within(sheet).getByText('Bill to').parentElement);
    expect(getComputedStyle(block).display).toBe('inline-flex');
    expect(getComputedStyle(block).flexDirection).toBe('column');
  });

  it("names no seller until the company is set, and keeps the light theme's colours for paper", async () => {
    const id = '71111111-1111-4111-8111-111111111111';
    const unset = { ...COMPANY, companyNameEn: '', companyNameAr: '', logoUrl: null };
    renderDocument(id, { isPending: false, isError: false, data: { number: 'INV-000045' } }, '/?print=en', unset);
    const sheet = await screen.findByRole('article', { name: 'Invoice INV-000045' });
    expect(within(sheet).getByRole('heading', { name: 'Company details not set' })).toBeTruthy();
    expect(sheet.classList.contains('light')).toBe(true);
  });

  it('shares the document by a link in the language shown: copied, shown, and sent to the customer on WhatsApp', async () => {
    const id = '81111111-1111-4111-8111-111111111111';
    const link = { url: 'https://billing.example.com/api/shared/abc', expiresAt: '2026-12-05T08:00:00.000Z' };
    const api = fakeApi({
      'GET /settings/company': () => answer(COMPANY),
      [`GET /customers/${id}`]: () =>
        answer(customerRecord({ _id: id, preferredLanguage: 'ar', mobile: '+965 5555 1234' })),
      'POST /invoices/INV/link': () => ({ status: 201, body: { data: link } }),
    });
    const tab = { location: { href: '' }, close: rs.fn() };
    const open = rs.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderPage(
      <PrintedDocument<Note>
        query={{ isPending: false, isError: false, data: { number: 'INV-000046' } }}
        errorText="This note could not be loaded."
        customerId={id}
        titleKey="invoice"
        sheetLabel={(note) => ({ key: 'invoiceSheet', values: { number: note.number } })}
        share={{ path: '/invoices/INV/link' }}
      >
        {() => <p>Lines</p>}
      </PrintedDocument>,
      '/?print=both',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(
      (await screen.findByRole('textbox', { name: 'Link to the PDF, valid until 05/12/2026' })).getAttribute('value'),
    ).toBe(link.url);
    expect(api.sent.find((request) => request.method === 'POST')?.body).toEqual({ lang: 'both' });

    fireEvent.click(screen.getByRole('button', { name: 'Share on WhatsApp' }));
    await waitFor(() =>
      expect(tab.location.href).toBe(
        `https://wa.me/96555551234?text=${encodeURIComponent(`Invoice INV-000046: ${link.url}`)}`,
      ),
    );
    expect(open).toHaveBeenCalledWith('', '_blank');
    open.mockRestore();
  });

  it("sends the document to the customer's e-mail, or to the addresses typed, with the API's message under a field", async () => {
    signInAs('sales');
    const id = '91111111-1111-4111-8111-111111111111';
    const api = fakeApi({
      'GET /settings/company': () => answer(COMPANY),
      [`GET /customers/${id}`]: () =>
        answer(customerRecord({ _id: id, preferredLanguage: 'ar', email: 'accounts@acme.com.kw, owner@acme.com.kw' })),
      'POST /invoices/INV/send': ({ body }) =>
        (body as { to: string }).to.includes('blocked')
          ? {
              status: 400,
              body: { message: 'The customer has no e-mail address: enter one', errors: { to: 'Blocked here' } },
            }
          : { status: 202, body: { data: outboxMessageRecord({ _id: 'm1', to: (body as { to: string }).to }) } },
    });
    renderSendable(id, 'INV-000047');
    await screen.findByRole('article', { name: 'فاتورة INV-000047' });
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    const dialog = await openDialog({ name: 'Send فاتورة INV-000047 by e-mail' });
    // While a submission is under way the button shows a spinner instead of its name.
    const sendButton = () => within(dialog).findByRole('button', { name: 'Send' });
    const to = within(dialog).getByRole('textbox', { name: 'To' });
    // The customer's addresses and language to start with.
    expect((to as HTMLInputElement).value).toBe('accounts@acme.com.kw, owner@acme.com.kw');
    expect((within(dialog).getByRole('combobox', { name: 'Language' }) as HTMLSelectElement).value).toBe('ar');

    // No address, or a bad one, is named under the field before anything is sent.
    fireEvent.change(to, { target: { value: '' } });
    fireEvent.click(await sendButton());
    expect(
      await within(dialog).findByText('Enter e-mail addresses like name@example.com, separated by commas'),
    ).toBeTruthy();
    fireEvent.change(to, { target: { value: 'accounts@' } });
    fireEvent.click(await sendButton());
    expect(
      await within(dialog).findByText('Enter e-mail addresses like name@example.com, separated by commas'),
    ).toBeTruthy();
    expect(api.sent.filter((request) => request.method === 'POST')).toEqual([]);

    // The API's refusal goes under the field too.
    fireEvent.change(to, { target: { value: 'blocked@acme.com.kw' } });
    fireEvent.click(await sendButton());
    expect(await within(dialog).findByText('Blocked here')).toBeTruthy();

    fireEvent.change(to, { target: { value: 'ap@acme.com.kw; boss@acme.com.kw' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Language' }), { target: { value: 'both' } });
    fireEvent.click(await sendButton());
    expect(
      await screen.findByText('E-mail to ap@acme.com.kw, boss@acme.com.kw queued: Sent mail shows when it has gone'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent.filter((request) => request.method === 'POST').at(-1)?.body).toEqual({
      to: 'ap@acme.com.kw, boss@acme.com.kw',
      language: 'both',
    });
  });

  it('offers no Send to a user who may not send documents', async () => {
    signInAs('viewer');
    const id = 'a1111111-1111-4111-8111-111111111111';
    fakeApi({
      'GET /settings/company': () => answer(COMPANY),
      [`GET /customers/${id}`]: () => answer(customerRecord({ _id: id, email: 'accounts@acme.com.kw' })),
    });
    renderSendable(id, 'INV-000048');
    await screen.findByRole('article', { name: 'Invoice INV-000048' });
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it("prints a report for staff in the language given, the screen's, with neither a language switch nor Back", async () => {
    fakeApi({ 'GET /settings/company': () => answer(COMPANY) });
    renderPage(
      <PrintedDocument<Note>
        query={{ isPending: false, isError: false, data: { number: '21/11/2026' } }}
        errorText="This report could not be loaded."
        language="en"
        titleKey="collections"
        sheetLabel={(note) => ({ key: 'collectionsSheet', values: { period: note.number } })}
      >
        {() => <p>Money in</p>}
      </PrintedDocument>,
      '/?print=ar',
    );
    const sheet = await screen.findByRole('article', { name: 'Collections 21/11/2026' });
    expect(sheet.getAttribute('dir')).toBe('ltr');
    expect(within(sheet).getByText('Collections')).toBeTruthy();
    expect(within(sheet).getByText('Money in')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Print language' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
  });

  it('shows a spinner while the document loads', () => {
    renderDocument('41111111-1111-4111-8111-111111111111', { isPending: true, isError: false, data: undefined });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('says so when the document cannot be loaded, with nothing to print', () => {
    renderDocument('51111111-1111-4111-8111-111111111111', { isPending: false, isError: true, data: undefined });
    expect(screen.getByText('This note could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.getByRole('button', { name: 'Print' }).hasAttribute('disabled')).toBe(true);
  });
});
