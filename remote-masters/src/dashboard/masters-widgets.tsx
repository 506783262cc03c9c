import { RESOURCES } from '@admin/shared/contract';
import { formatKd } from '@admin/shared/money';
import { DashboardFigure, RecentList, SummaryCard } from '@admin/shared/ui-kit';
import { useMastersT } from '../i18n';

export function TotalProductsCard() {
  const t = useMastersT();
  return (
    <SummaryCard
      title={t('widgets.totalProducts')}
      href={RESOURCES.products.page}
      render={(s) => <DashboardFigure>{s.counts.products}</DashboardFigure>}
    />
  );
}

export function CustomersCard() {
  const t = useMastersT();
  return (
    <SummaryCard
      title={t('widgets.customers')}
      href={RESOURCES.customers.page}
      render={(s) => <DashboardFigure>{s.counts.customers}</DashboardFigure>}
    />
  );
}

/** The 5 newest products with their prices. */
export function RecentProductsCard() {
  const t = useMastersT();
  return (
    <SummaryCard
      title={t('widgets.recentProducts')}
      href={RESOURCES.products.page}
      render={(s) => (
        <RecentList
          label={t('widgets.recentProductsList')}
          emptyText={t('widgets.noProducts')}
          items={s.recent.products.map((p) => ({
            key: p._id,
            primary: p.productName,
            trailing: formatKd(p.productPrice),
          }))}
        />
      )}
    />
  );
}
