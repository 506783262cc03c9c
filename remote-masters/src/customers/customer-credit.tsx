import { useQuery } from '@tanstack/react-query';
import { Box, Text } from '@admin/shared/ui';
import { CreditFacts } from '@admin/shared/ui-kit';
import { useMastersT } from '../i18n';
import { customerCreditQuery } from './api';

/** The customer's credit now (limit, exposure, headroom), under the fields of their dialog. */
export function CustomerCredit({ customerId }: { customerId: string }) {
  const t = useMastersT();
  const credit = useQuery(customerCreditQuery(customerId));
  return (
    <Box as="section" aria-label={t('customers.credit.title')} gridColumn="1 / -1" borderWidth="1px" rounded="md" p="3">
      <Text fontWeight="medium" mb="1">
        {t('customers.credit.title')}
      </Text>
      {credit.data ? (
        <CreditFacts position={credit.data} />
      ) : (
        <Text color="fg.muted">{t('customers.credit.loading')}</Text>
      )}
    </Box>
  );
}
