import { useQuery } from '@tanstack/react-query';
import { RESOURCES, statementPagePath } from '@admin/shared/contract';
import { formatDay } from '@admin/shared/dates';
import { Link } from '@admin/shared/router';
import { Button } from '@admin/shared/ui';
import { Can, CustomerNameCell, ResourceScreen, StatusChip } from '@admin/shared/ui-kit';
import { useMastersT } from '../i18n';
import { activeQuery, customerCities, customerKinds, customerNationalities, toOptions } from '../common/lookups-api';
import { customers } from './api';
import { customerForm, statusOptions } from './customer-form';

export function CustomersPage() {
  const t = useMastersT();
  // One request per lookup feeds both the filters and the dialog's choices.
  const kinds = toOptions(useQuery(activeQuery(customerKinds)).data, (r) => r.kindName);
  const nationalities = toOptions(useQuery(activeQuery(customerNationalities)).data, (r) => r.nationalityName);
  const cities = toOptions(useQuery(activeQuery(customerCities)).data, (r) => r.cityName);

  return (
    <ResourceScreen
      resource={customers}
      title={t('customers.title')}
      noun={t(RESOURCES.customers.noun)}
      addLabel={t('customers.add')}
      searchPlaceholder={t('customers.search')}
      emptyText={t('customers.empty')}
      filters={[
        {
          name: 'status',
          label: t('customers.filters.status'),
          allLabel: t('customers.filters.allStatus'),
          options: statusOptions(t),
        },
        {
          name: 'customerKind',
          label: t('customers.filters.kind'),
          allLabel: t('customers.filters.allKinds'),
          options: kinds,
        },
        {
          name: 'customerNationality',
          label: t('customers.filters.nationality'),
          allLabel: t('customers.filters.allNationalities'),
          options: nationalities,
        },
        {
          name: 'customerCity',
          label: t('customers.filters.city'),
          allLabel: t('customers.filters.allCities'),
          options: cities,
        },
      ]}
      columns={[
        {
          header: t('customers.columns.customer'),
          cell: (c) => <CustomerNameCell customer={c} alternateLabel={t('customers.alternateName')} />,
          sort: 'customerName',
        },
        { header: t('customers.columns.kind'), cell: (c) => c.customerKind?.kindName, sort: 'customerKind' },
        {
          header: t('customers.columns.nationality'),
          cell: (c) => c.customerNationality?.nationalityName,
          sort: 'customerNationality',
        },
        { header: t('customers.columns.city'), cell: (c) => c.customerCity?.cityName, sort: 'customerCity' },
        { header: t('customers.columns.status'), cell: (c) => <StatusChip status={c.status} />, sort: 'status' },
        { header: t('customers.columns.created'), cell: (c) => formatDay(c.dateOfCreation), sort: 'dateOfCreation' },
      ]}
      itemName={(c) => c.customerName}
      permissions={RESOURCES.customers.permissions}
      history={RESOURCES.customers.auditEntity}
      rowActions={(c) => (
        <Can permission="receivables.read">
          <Button asChild size="xs" variant="ghost" aria-label={t('customers.statementOf', { name: c.customerName })}>
            <Link to={statementPagePath(c._id)}>{t('customers.statement')}</Link>
          </Button>
        </Can>
      )}
      form={customerForm({ kinds, nationalities, cities }, t)}
    />
  );
}
