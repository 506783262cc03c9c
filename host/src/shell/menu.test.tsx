import { beforeEach, describe, expect, it } from '@rstest/core';
import { screen, within } from '@testing-library/react';
import type { AreaSummary } from '@admin/shared/contract';
import { i18n } from '@admin/shared/i18n';
import { signInAs } from '@admin/shared/testing';
import { Route, Routes } from '@admin/shared/router';
import { areaPagesOf } from '../common/remotes/area-pages';
import { AreaRoute } from '../common/remotes/area-route';
import { updateRemoteStatus, usePlatformStatus } from '../common/remotes/remote-status';
import { SIGNED_IN_TEXTS } from '../i18n';
import { CurrentPath, renderAt } from '../test/render';
import { TODAYS_AREAS, givenAreas } from '../test/areas';
import { buildMenu, isGroup, type MenuNode } from './menu';
import { NavMenu } from './nav-menu';

/** The menu as staff read it: each entry's text, a group as its heading and its entries. */
const outline = (menu: MenuNode[]) =>
  menu.map((node) => (isGroup(node) ? [node.label, node.entries.map((e) => e.label)] : node.label));

function menuFor(permissions: string[] | 'all' = 'all', language: 'en' | 'ar' = 'en') {
  const areas = areaPagesOf(usePlatformStatus.getState().remotes, language);
  const may = (permission?: string) => permissions === 'all' || !permission || permissions.includes(permission);
  return buildMenu(areas, i18n.getFixedT(language, SIGNED_IN_TEXTS), may);
}

/** Payments as a release that adds a page to Transactions and another in a group of its own. */
const paymentsWithMore: AreaSummary = {
  pages: [
    ...TODAYS_AREAS.payments.pages,
    {
      path: '/cheques',
      label: { en: 'Cheques', ar: 'الشيكات' },
      permission: 'cheques.read',
      menu: { group: 'transactions', order: 35 },
    },
    { path: '/collections', label: { en: 'Collections', ar: 'التحصيلات' }, menu: { group: 'cash', order: 10 } },
    { path: '/receipts', label: { en: 'Receipts', ar: 'الإيصالات' } },
  ],
  groups: [{ id: 'cash', label: { en: 'Cash desk', ar: 'الصندوق' }, order: 35 }],
};

describe('the menu, drawn from the areas', () => {
  beforeEach(() => givenAreas());

  it("is SPEC's menu for today's releases, before any area's code has loaded", async () => {
    expect(outline(menuFor())).toEqual([
      'Dashboard',
      'Customers',
      'Products',
      ['Transactions', ['Invoices', 'Scheduled Invoices', 'Payments', 'Customer Balances', 'Receivables Aging']],
      ['Masters', ['Customer Kinds', 'Customer Nationalities', 'Customer Cities', 'Product Types']],
    ]);
    await i18n.loadLanguages('ar');
    expect(outline(menuFor('all', 'ar'))[3]).toEqual([
      'المعاملات',
      ['الفواتير', 'الفواتير المجدولة', 'الدفعات', 'أرصدة العملاء', 'أعمار الذمم'],
    ]);
  });

  it("places a release's new pages by its own declaration: in a host group, in a group of its own, or nowhere", () => {
    givenAreas({ ...TODAYS_AREAS, payments: paymentsWithMore });
    const menu = outline(menuFor());
    expect(menu[3]).toEqual([
      'Transactions',
      ['Invoices', 'Scheduled Invoices', 'Payments', 'Cheques', 'Customer Balances', 'Receivables Aging'],
    ]);
    expect(menu[4]).toEqual(['Cash desk', ['Collections']]);
    expect(JSON.stringify(menu)).not.toContain('Receipts');
  });

  it('leaves out a page the user may not open, and a group left empty', () => {
    givenAreas({ ...TODAYS_AREAS, payments: paymentsWithMore });
    const transactions = menuFor(['payments.read']).find((node) => isGroup(node) && node.id === 'transactions');
    expect(transactions && isGroup(transactions) && transactions.entries.map((e) => e.label)).not.toContain('Cheques');
    givenAreas({ masters: TODAYS_AREAS.masters });
    expect(outline(menuFor()).map((node) => (Array.isArray(node) ? node[0] : node))).toEqual([
      'Dashboard',
      'Customers',
      'Products',
      'Masters',
    ]);
  });

  it("takes an area's loaded module over its summary, and waits for an area that has neither", () => {
    givenAreas({ masters: TODAYS_AREAS.masters, sales: TODAYS_AREAS.sales });
    updateRemoteStatus('payments', { version: '2', entry: '/p', channel: 'stable', state: 'registered' });
    expect(areaPagesOf(usePlatformStatus.getState().remotes, 'en').unknown).toEqual(['payments']);
    updateRemoteStatus('payments', {
      state: 'loaded',
      module: {
        area: 'Payments',
        routes: [
          { path: '/payments', title: 'Money in', menu: { group: 'transactions', order: 30 }, Component: () => null },
        ],
      },
    });
    const areas = areaPagesOf(usePlatformStatus.getState().remotes, 'en');
    expect(areas.unknown).toEqual([]);
    expect(outline(menuFor())[3]).toEqual(['Transactions', ['Invoices', 'Scheduled Invoices', 'Money in']]);
  });

  it('renders the entries as links, the current one marked', () => {
    signInAs('viewer');
    renderAt(<NavMenu />, '/customer-cities');
    const current = screen.getByRole('link', { current: 'page' });
    expect(current.textContent).toBe('Customer Cities');
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toContain('/types');
  });
});

describe('a path no area serves', () => {
  const renderPath = (path: string) =>
    renderAt(
      <Routes>
        <Route index element={<CurrentPath />} />
        <Route path="*" element={<AreaRoute />} />
      </Routes>,
      path,
    );

  it('says a page of another release is not in this one, keeping the address, with a way to the dashboard', async () => {
    givenAreas({ ...TODAYS_AREAS, payments: { ...TODAYS_AREAS.payments, retired: ['/cheques'] } });
    renderPath('/cheques/12');
    const panel = await screen.findByTestId('page-not-in-release');
    expect(within(panel).getByText('This page is not available in the current release')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/');
  });

  it("mounts an area's page at its own path, so the area's routes inside it are its own", async () => {
    givenAreas({ masters: TODAYS_AREAS.masters });
    function InvoicesArea() {
      return (
        <Routes>
          <Route index element={<p>The invoice list</p>} />
          <Route path=":id/print" element={<p>The printed invoice</p>} />
        </Routes>
      );
    }
    updateRemoteStatus('sales', {
      version: '1',
      entry: '/s',
      channel: 'stable',
      state: 'loaded',
      module: { area: 'Sales', routes: [{ path: '/invoices', title: 'Invoices', Component: InvoicesArea }] },
    });
    renderPath('/invoices/42/print');
    expect(await screen.findByText('The printed invoice')).toBeTruthy();
  });

  it('goes to the dashboard for any other path, as SPEC.md says', async () => {
    givenAreas();
    renderPath('/somewhere-else');
    expect((await screen.findByLabelText('Current path')).textContent).toBe('/');
  });
});
