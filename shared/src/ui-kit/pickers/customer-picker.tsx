import { CORE_RESOURCES, type Customer } from '@admin/shared/contract';
import { createKeys, fetchRecord, findIn } from '@admin/shared/query';
import { useKitT } from '../kit-texts';
import { SearchSelect, type SearchSelectProps } from './search-select';

/** Customers a dialog's search offers at a time. */
export const CUSTOMER_SEARCH_LIMIT = 50;

const customerKeys = createKeys(CORE_RESOURCES.customers);

/** What the picker needs of a customer; its onChange hands over the whole record. */
export type CustomerChoice = Pick<Customer, '_id' | 'customerName' | 'customerAlternateName'>;

export type CustomerPickerProps = Omit<
  SearchSelectProps<CustomerChoice>,
  'queryKey' | 'search' | 'fetchOne' | 'itemValue' | 'itemLabel' | 'itemDetail'
>;

/**
 * Chooses a customer by searching the server (GET /customers?limit=50&search=…) while its list is
 * open; a customer known only by id (a filter in the address) is looked up by id for its name.
 */
export function CustomerPicker(props: CustomerPickerProps) {
  const t = useKitT();
  return (
    <SearchSelect<CustomerChoice>
      placeholder={t('customerPicker.placeholder')}
      emptyText={t('customerPicker.empty')}
      {...props}
      queryKey={(search) => customerKeys.list({ limit: CUSTOMER_SEARCH_LIMIT, search })}
      search={(search, signal) =>
        findIn<Customer>(CORE_RESOURCES.customers.path, search, signal, CUSTOMER_SEARCH_LIMIT)
      }
      fetchOne={{
        queryKey: (id) => customerKeys.detail(id),
        fetch: (id, signal) => fetchRecord<Customer>(CORE_RESOURCES.customers, id, signal),
      }}
      itemValue={(c) => c._id}
      itemLabel={(c) => c.customerName}
      itemDetail={(c) =>
        c.customerAlternateName ? t('customerPicker.alternateName', { name: c.customerAlternateName }) : undefined
      }
    />
  );
}

/** A list's filter by customer: 'All Customers' while empty, else the chosen customer's id. */
export function CustomerFilter({ value, onChange }: { value: string; onChange: (customerId: string) => void }) {
  const t = useKitT();
  return (
    <CustomerPicker
      aria-label={t('customerPicker.label')}
      placeholder={t('customerPicker.all')}
      clearable
      minW="220px"
      maxW="xs"
      value={value}
      onChange={(customer) => onChange(customer?._id ?? '')}
    />
  );
}
