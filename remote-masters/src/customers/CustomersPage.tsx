import { useQuery } from '@tanstack/react-query';
import { statementPagePath, type Customer } from '@admin/shared/contract';
import { formatDay } from '@admin/shared/dates';
import { Link } from '@admin/shared/router';
import { Button, Text } from '@admin/shared/ui';
import { Can, ResourceScreen, StatusChip } from '@admin/shared/ui-kit';
import { activeQuery, customerCities, customerKinds, customerNationalities, toOptions } from '../lookups/api';
import { CUSTOMER_DEPENDENTS } from '../related-keys';
import { customers } from './api';
import { customerForm, STATUS_OPTIONS } from './customer-form';

export function CustomersPage() {
  // One request per lookup feeds both the filters and the dialog's choices.
  const kinds = toOptions(useQuery(activeQuery(customerKinds)).data, (r) => r.kindName);
  const nationalities = toOptions(useQuery(activeQuery(customerNationalities)).data, (r) => r.nationalityName);
  const cities = toOptions(useQuery(activeQuery(customerCities)).data, (r) => r.cityName);

  return (
    <ResourceScreen
      resource={customers}
      title="Customers"
      noun="Customer"
      addLabel="Add Customer"
      searchPlaceholder="Search customers..."
      emptyText="No customers found"
      filters={[
        { name: 'status', label: 'Status', allLabel: 'All Status', options: STATUS_OPTIONS },
        { name: 'customerKind', label: 'Kind', allLabel: 'All Kinds', options: kinds },
        { name: 'customerNationality', label: 'Nationality', allLabel: 'All Nationalities', options: nationalities },
        { name: 'customerCity', label: 'City', allLabel: 'All Cities', options: cities },
      ]}
      columns={[
        { header: 'Customer', cell: nameCell, sort: 'customerName' },
        { header: 'Kind', cell: (c) => c.customerKind?.kindName, sort: 'customerKind' },
        { header: 'Nationality', cell: (c) => c.customerNationality?.nationalityName, sort: 'customerNationality' },
        { header: 'City', cell: (c) => c.customerCity?.cityName, sort: 'customerCity' },
        { header: 'Status', cell: (c) => <StatusChip status={c.status} />, sort: 'status' },
        { header: 'Created Date', cell: (c) => formatDay(c.dateOfCreation), sort: 'dateOfCreation' },
      ]}
      itemName={(c) => c.customerName}
      permissions={{ create: 'customers.create', update: 'customers.update', delete: 'customers.delete' }}
      history="customer"
      rowActions={(c) => (
        <Can permission="receivables.read">
          <Button asChild size="xs" variant="ghost" aria-label={`Statement ${c.customerName}`}>
            <Link to={statementPagePath(c._id)}>Statement</Link>
          </Button>
        </Can>
      )}
      form={customerForm({ kinds, nationalities, cities })}
      invalidates={CUSTOMER_DEPENDENTS}
    />
  );
}

/** The name, and under it 'Alt: ' and the alternate name when there is one (isolated: it is often Arabic). */
function nameCell(customer: Customer) {
  return (
    <>
      <Text fontWeight="medium">{customer.customerName}</Text>
      {customer.customerAlternateName && (
        <Text fontSize="sm" color="fg.muted">
          Alt: <bdi>{customer.customerAlternateName}</bdi>
        </Text>
      )}
    </>
  );
}
