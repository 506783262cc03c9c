import { afterEach, beforeEach, describe, expect, it } from '@rstest/core';
import { act, screen, within } from '@testing-library/react';
import { KIT_NAMESPACE, setLanguage, useT } from '@admin/shared/i18n';
import { fils, formatKd } from '@admin/shared/money';
import { openDialog, renderPage } from '../../testing';
import { ConfirmDelete } from './confirm-delete';
import { DataTable } from './data-table';
import { MoneyText } from './money';
import { Pager } from './pager';
import { StatusChip } from './status-chip';

/** The path an icon draws: which way a chevron points. */
const drawn = (button: HTMLElement) => button.querySelector('path')?.getAttribute('d');
const POINTS_LEFT = 'M15 6l-6 6 6 6';
const POINTS_RIGHT = 'M9 6l6 6-6 6';

describe('the kit in Arabic', () => {
  beforeEach(() => setLanguage('ar'));
  afterEach(() => setLanguage('en'));

  it('names the pager in Arabic and points previous to the right, next to the left', async () => {
    renderPage(<Pager page={2} pages={3} onChange={() => undefined} />);
    const nav = await screen.findByRole('navigation', { name: 'التنقل بين الصفحات' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(drawn(within(nav).getByRole('button', { name: 'الصفحة السابقة' }))).toBe(POINTS_RIGHT);
    expect(drawn(within(nav).getByRole('button', { name: 'الصفحة التالية' }))).toBe(POINTS_LEFT);
    expect(within(nav).getByRole('button', { name: 'الصفحة 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('asks the delete question in Arabic, with Arabic buttons', async () => {
    renderPage(<ConfirmDelete name="Acme Trading" onConfirm={() => undefined} onClose={() => undefined} />);
    const dialog = await openDialog({ name: 'تأكيد الحذف' }, 'alertdialog');
    expect(within(dialog).getByText('هل أنت متأكد من حذف "Acme Trading"؟')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'إلغاء' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'حذف' })).toBeTruthy();
  });

  it('writes statuses in Arabic and keeps amounts left to right with Western digits', async () => {
    renderPage(
      <>
        <StatusChip status="high" />
        <MoneyText fils={fils(1500)} />
      </>,
    );
    expect(await screen.findByText('مرتفع')).toBeTruthy();
    const amount = screen.getByText('1.500 د.ك');
    expect(amount.getAttribute('dir')).toBe('ltr');
  });
});

describe('switching language', () => {
  afterEach(() => setLanguage('en'));

  it('re-renders amounts in the new language at once, formatted in a render or shown by MoneyText', async () => {
    function Figure() {
      const t = useT(KIT_NAMESPACE); // a widget re-rendered by its texts, formatting in its render
      return <p aria-label={t('common.loading')}>{formatKd(fils(2500))}</p>;
    }
    renderPage(
      <>
        <Figure />
        <MoneyText fils={fils(1500)} />
      </>,
    );
    expect(await screen.findByText('2.500 KD')).toBeTruthy();
    expect(screen.getByText('1.500 KD')).toBeTruthy();
    await act(() => setLanguage('ar'));
    expect(screen.getByText('2.500 د.ك')).toBeTruthy();
    expect(screen.getByText('1.500 د.ك')).toBeTruthy();
    expect(screen.queryByText(/KD/)).toBeNull();
  });
});

describe('a list in Arabic', () => {
  beforeEach(() => setLanguage('ar'));
  afterEach(() => setLanguage('en'));

  it("isolates a Latin name from the screen's direction, so its period stays at its end", async () => {
    renderPage(
      <DataTable
        label="Customers"
        list
        rows={[{ name: 'Bayan Trading Est.' }]}
        columns={[{ header: 'Name', cell: (row) => row.name }]}
      />,
    );
    const name = await screen.findByText('Bayan Trading Est.');
    expect(name.tagName).toBe('BDI');
  });
});

describe('the kit in English (the default)', () => {
  it('points previous to the left and next to the right', () => {
    renderPage(<Pager page={2} pages={3} onChange={() => undefined} />);
    expect(drawn(screen.getByRole('button', { name: 'Previous page' }))).toBe(POINTS_LEFT);
    expect(drawn(screen.getByRole('button', { name: 'Next page' }))).toBe(POINTS_RIGHT);
  });
});
