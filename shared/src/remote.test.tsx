import { describe, expect, it } from '@rstest/core';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { isDashboardWidgetList, isRemoteModule, lazyPage } from './remote';

function Customers() {
  return <h2>Customers list</h2>;
}

describe('lazyPage', () => {
  it('suspends on first use while its code loads, then shows the page', async () => {
    let loads = 0;
    const page = lazyPage(async () => {
      loads += 1;
      return Customers;
    });
    render(
      <Suspense fallback={<p>Loading</p>}>
        <page.Component />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
    expect(await screen.findByText('Customers list')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('renders at once, never showing the fallback, once preloaded; the code loads once', async () => {
    let loads = 0;
    const page = lazyPage(async () => {
      loads += 1;
      return Customers;
    });
    await act(() => page.preload());
    await page.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <page.Component />
      </Suspense>,
    );
    expect(screen.queryByText('Loading')).toBeNull();
    expect(screen.getByText('Customers list')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it('tries a failed load again on the next preload', async () => {
    let fail = true;
    const page = lazyPage(async () => {
      if (fail) throw new Error('offline');
      return Customers;
    });
    await expect(page.preload()).rejects.toThrow('offline');
    fail = false;
    await expect(page.preload()).resolves.toBe(Customers);
  });
});

describe('isRemoteModule', () => {
  const route = { path: '/customers', title: 'Customers', Component: Customers };
  it('accepts routes with or without preload and prefetch functions, and refuses other values there', () => {
    expect(isRemoteModule({ area: 'Masters', routes: [route] })).toBe(true);
    expect(
      isRemoteModule({ area: 'Masters', routes: [{ ...route, preload: async () => {}, prefetch: async () => {} }] }),
    ).toBe(true);
    expect(isRemoteModule({ area: 'Masters', routes: [{ ...route, preload: 'soon' }] })).toBe(false);
    expect(isRemoteModule({ area: 'Masters', routes: [{ ...route, prefetch: 1 }] })).toBe(false);
  });
});

describe('isDashboardWidgetList', () => {
  const widget = { id: 'to-deposit', title: 'cheques.toDeposit', Component: Customers };
  it("accepts a widget's early call only as a path under the API's base", () => {
    expect(isDashboardWidgetList([widget, { ...widget, earlyCall: '/cheques/to-deposit' }])).toBe(true);
    expect(isDashboardWidgetList([{ ...widget, earlyCall: 'https://elsewhere.example/x' }])).toBe(false);
    expect(isDashboardWidgetList([{ ...widget, earlyCall: 42 }])).toBe(false);
  });
  it("accepts a widget's namespace of texts only as a name", () => {
    expect(isDashboardWidgetList([{ ...widget, namespace: 'payments' }])).toBe(true);
    expect(isDashboardWidgetList([{ ...widget, namespace: ['payments'] }])).toBe(false);
  });
});
