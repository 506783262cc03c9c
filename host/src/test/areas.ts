import type { AreaSummary, RemoteName } from '@admin/shared/contract';
import { usePlatformStatus } from '../common/remotes/remote-status';

// The shell's tests see the areas as platform.json describes today's releases: their pages with
// the menu places and texts SPEC.md gives.

type Page = [path: string, en: string, ar: string, group: string | undefined, order: number];

const summary = (pages: Page[]): AreaSummary => ({
  pages: pages.map(([path, en, ar, group, order]) => ({
    path,
    label: { en, ar },
    menu: group ? { group, order } : { order },
  })),
});

export const TODAYS_AREAS: Record<RemoteName, AreaSummary> = {
  masters: summary([
    ['/customers', 'Customers', 'العملاء', undefined, 10],
    ['/products', 'Products', 'المنتجات', undefined, 20],
    ['/customer-kinds', 'Customer Kinds', 'فئات العملاء', 'masters', 10],
    ['/customer-nationalities', 'Customer Nationalities', 'جنسيات العملاء', 'masters', 20],
    ['/customer-cities', 'Customer Cities', 'مدن العملاء', 'masters', 30],
    ['/types', 'Product Types', 'أنواع المنتجات', 'masters', 40],
  ]),
  sales: summary([
    ['/invoices', 'Invoices', 'الفواتير', 'transactions', 10],
    ['/scheduled-invoices', 'Scheduled Invoices', 'الفواتير المجدولة', 'transactions', 20],
  ]),
  payments: summary([
    ['/payments', 'Payments', 'الدفعات', 'transactions', 30],
    ['/customer-balances', 'Customer Balances', 'أرصدة العملاء', 'transactions', 40],
    ['/receivables-aging', 'Receivables Aging', 'أعمار الذمم', 'transactions', 50],
  ]),
};

/** Registers each area as a page would after sign-in, with `summaries` (today's by default) and no code loaded. */
export function givenAreas(summaries: Partial<Record<RemoteName, AreaSummary>> = TODAYS_AREAS): void {
  usePlatformStatus.setState({
    remotes: Object.fromEntries(
      Object.entries(summaries).map(([name, summary]) => [
        name,
        { version: '1', entry: `/remotes/${name}/1/mf-manifest.json`, channel: 'stable', state: 'registered', summary },
      ]),
    ),
  });
}
