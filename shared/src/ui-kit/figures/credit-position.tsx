import { Stack, Text } from '@chakra-ui/react';
import type { CreditPosition } from '@admin/shared/contract';
import { useKitT } from '../kit-texts';
import { MoneyText } from '../resource/money';
import { Fact } from './fact';

/**
 * A customer's credit now: limit, exposure (what their invoices still owe − their
 * advance) and headroom, the headroom in red once they are over. The customer's dialog and the
 * aging report show it alike.
 */
export function CreditFacts({ position, compact = false }: { position: CreditPosition; compact?: boolean }) {
  const t = useKitT();
  const over = position.headroom !== null && position.headroom < 0;
  return (
    <Stack gap={compact ? '0' : '1'} fontSize={compact ? 'xs' : undefined} minW={compact ? '44' : undefined}>
      <Fact label={t('credit.limit')} quiet>
        {position.creditLimit === null ? t('credit.noLimit') : <MoneyText fils={position.creditLimit} />}
      </Fact>
      <Fact label={t('credit.exposure')} quiet>
        <MoneyText fils={position.exposure} />
      </Fact>
      {position.headroom !== null && (
        <Fact label={t('credit.headroom')} quiet>
          <MoneyText fils={position.headroom} color={over ? 'fg.error' : undefined} />
        </Fact>
      )}
      {position.maxOverdueDays !== null && !compact && (
        <Text fontSize="sm" color="fg.muted">
          {t('credit.maxOverdueDays', { days: position.maxOverdueDays })}
        </Text>
      )}
    </Stack>
  );
}
