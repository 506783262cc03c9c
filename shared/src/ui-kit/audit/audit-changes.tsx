import { Box, Flex, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import type { AuditAction, FieldChange } from '@admin/shared/contract';
import { AuditValue } from './audit-value';
import { useDirection, useKitT } from '../kit-texts';
import { useAuditLabels } from './labels';

export interface AuditChangesProps {
  changes: FieldChange[];
  /** The entry's action: a create lists the new values, a delete the values the record had. */
  action?: AuditAction;
}

type Shape = 'created' | 'deleted' | 'changed';

function shapeOf(changes: FieldChange[], action: AuditAction | undefined): Shape {
  if (action === 'create') return 'created';
  if (action === 'delete') return 'deleted';
  if (action === 'update' || !changes.length) return 'changed';
  // Other steps (a refund, a generated invoice) may bring a record into being or end one.
  if (changes.every((c) => c.before === null)) return 'created';
  if (changes.every((c) => c.after === null)) return 'deleted';
  return 'changed';
}

/** One audit entry's field changes as staff read them: readable names, KD, names, dates, before → after. */
export function AuditChanges({ changes, action }: AuditChangesProps) {
  const t = useKitT();
  const labels = useAuditLabels();
  // Before, then after, in reading order: the arrow points left in Arabic.
  const arrow = useDirection() === 'rtl' ? '←' : '→';
  if (!changes.length) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {t('audit.noChanges')}
      </Text>
    );
  }
  const shape = shapeOf(changes, action);
  return (
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns={{ base: '1fr', sm: 'minmax(7rem, max-content) 1fr' }}
      columnGap="4"
      rowGap="1"
      fontSize="sm"
    >
      {changes.map((change) => (
        <Fragment key={change.field}>
          <Text as="dt" color="fg.muted" mt={{ base: '1', sm: '0' }}>
            {labels.field(change.field)}
          </Text>
          <Box as="dd" minW="0" overflowWrap="anywhere">
            {shape === 'created' ? (
              <AuditValue field={change.field} value={change.after} />
            ) : shape === 'deleted' ? (
              <AuditValue field={change.field} value={change.before} />
            ) : (
              <Flex as="span" gap="2" wrap="wrap" align="baseline">
                <AuditValue field={change.field} value={change.before} />
                <Text as="span" color="fg.muted">
                  {arrow}
                </Text>
                <AuditValue field={change.field} value={change.after} />
              </Flex>
            )}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}
