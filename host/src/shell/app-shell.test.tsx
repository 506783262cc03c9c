import { beforeEach, describe, expect, it } from '@rstest/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { useAuth } from '@admin/shared/auth';
import { renderAt } from '../test/render';
import { AppShell } from './app-shell';
import { i18n } from '@admin/shared/i18n';
import { areaPagesOf } from '../common/remotes/area-pages';
import { usePlatformStatus } from '../common/remotes/remote-status';
import { givenAreas } from '../test/areas';
import { SIGNED_IN_TEXTS } from '../i18n';
import { titleFor } from './menu';

function permanentMenu() {
  return within(screen.getByTestId('permanent-drawer'));
}

function topBarTitle() {
  return within(screen.getByRole('banner')).getByRole('heading', { level: 1 }).textContent;
}

describe('shell', () => {
  beforeEach(() => {
    useAuth.setState({ loading: false, isAuthenticated: true, user: { name: 'Alice' }, token: 't' });
    givenAreas();
  });

  it('titles the page from its menu entry, and highlights only that entry', () => {
    renderAt(<AppShell />, '/types');
    expect(topBarTitle()).toBe('Product Types');
    const current = permanentMenu().getByRole('link', { name: 'Product Types' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('permanent-drawer').querySelectorAll('[aria-current="page"]').length).toBe(1);
  });

  it('offers a skip link to the page as the first stop, ahead of the menu', () => {
    renderAt(<AppShell />, '/customers');
    const links = screen.getAllByRole('link');
    expect(links[0]?.textContent).toBe('Skip to main content');
    const target = links[0]?.getAttribute('href')?.slice(1);
    expect(screen.getByRole('main').id).toBe(target);
  });

  it("falls back to 'Dashboard' for a path no menu entry names", () => {
    const areas = areaPagesOf(usePlatformStatus.getState().remotes, 'en');
    const t = i18n.getFixedT('en', SIGNED_IN_TEXTS);
    expect(titleFor('/somewhere-else', areas, t)).toBe('Dashboard');
    expect(titleFor('/', areas, t)).toBe('Dashboard');
    expect(titleFor('/invoices/42', areas, t)).toBe('Invoices');
  });

  it('navigating through the menu changes the title', () => {
    renderAt(<AppShell />, '/');
    expect(topBarTitle()).toBe('Dashboard');
    fireEvent.click(permanentMenu().getByRole('link', { name: 'Customer Balances' }));
    expect(topBarTitle()).toBe('Customer Balances');
  });

  it('the Transactions and Masters groups collapse and expand on click', () => {
    renderAt(<AppShell />, '/');
    for (const [group, first] of [
      ['Transactions', 'Invoices'],
      ['Masters', 'Customer Kinds'],
    ]) {
      const toggle = permanentMenu().getByRole('button', { name: group });
      expect(toggle.getAttribute('aria-expanded')).toBe('true');
      expect(permanentMenu().getByRole('link', { name: first })).toBeTruthy();

      fireEvent.click(toggle);
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
      expect(permanentMenu().queryByRole('link', { name: first })).toBeNull();

      fireEvent.click(toggle);
      expect(permanentMenu().getByRole('link', { name: first })).toBeTruthy();
    }
  });
});
