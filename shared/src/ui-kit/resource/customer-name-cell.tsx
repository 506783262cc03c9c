import { Text } from '@chakra-ui/react';
import type { Customer } from '@admin/shared/contract';

export interface CustomerNameCellProps {
  customer: Pick<Customer, 'customerName' | 'customerAlternateName'>;
  /** Words before the alternate name, e.g. 'Alt:'. */
  alternateLabel?: string;
}

/** A customer in a list's cell: the name, and under it the alternate name, each isolated (a Latin name on an Arabic screen, an Arabic one on an English screen). */
export function CustomerNameCell({ customer, alternateLabel }: CustomerNameCellProps) {
  return (
    <>
      <Text fontWeight="medium">
        <bdi>{customer.customerName}</bdi>
      </Text>
      {customer.customerAlternateName && (
        <Text fontSize="sm" color="fg.muted">
          {alternateLabel && `${alternateLabel} `}
          <bdi>{customer.customerAlternateName}</bdi>
        </Text>
      )}
    </>
  );
}
