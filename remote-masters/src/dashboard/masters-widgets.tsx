import { formatKd } from '@admin/shared/money';
import { DashboardFigure, RecentList, SummaryCard } from '@admin/shared/ui-kit';

export function TotalProductsCard() {
  return <SummaryCard title="Total Products" href="/products" render={(s) => <DashboardFigure>{s.counts.products}</DashboardFigure>} />;
}

export function CustomersCard() {
  return <SummaryCard title="Customers" href="/customers" render={(s) => <DashboardFigure>{s.counts.customers}</DashboardFigure>} />;
}

/** The 5 newest products with their prices. */
export function RecentProductsCard() {
  return (
    <SummaryCard
      title="Recent Products"
      href="/products"
      render={(s) => (
        <RecentList
          label="Recent products"
          emptyText="No products yet"
          items={s.recent.products.map((p) => ({ key: p._id, primary: p.productName, trailing: formatKd(p.productPrice) }))}
        />
      )}
    />
  );
}
