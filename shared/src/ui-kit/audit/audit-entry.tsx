import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { AuditEntry } from '@admin/shared/contract';
import { AuditChanges } from './audit-changes';
import { useKitT, withParts } from '../kit-texts';
import { formatDateTime, useAuditLabels } from './labels';

export interface AuditEntryRowProps {
  entry: AuditEntry;
  /** Names the record ('Invoice · INV-000042'), for a log of many records; a record's own history leaves it out. */
  showRecord?: boolean;
  /** Keeps the changes behind a toggle, for a long log; a record's history shows them at once. */
  collapsible?: boolean;
}

/** One audit entry: what happened, when (in the business's zone), who, and the field changes. */
export function AuditEntryRow({ entry, showRecord = false, collapsible = false }: AuditEntryRowProps) {
  const t = useKitT();
  const labels = useAuditLabels();
  const [open, setOpen] = useState(!collapsible);
  const changesId = useId();
  return (
    <Box as="li" borderWidth="1px" rounded="md" p="3" bg="bg">
      <Flex justify="space-between" align="start" gap="2" wrap="wrap">
        <Box minW="0">
          <Text fontWeight="medium">
            {labels.action(entry.action)}
            {showRecord && (
              <>
                {' · '}
                {labels.entity(entry.entityType)} <bdi>{entry.label}</bdi>
              </>
            )}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            <time dateTime={entry.at} dir="ltr">
              {formatDateTime(entry.at)}
            </time>{' '}
            · {withParts((values) => t('audit.by', values), { user: <bdi>{entry.actor.username}</bdi> })}
          </Text>
        </Box>
        {collapsible && entry.changes.length > 0 && (
          <Button
            size="xs"
            variant="outline"
            aria-expanded={open}
            aria-controls={changesId}
            onClick={() => setOpen(!open)}
          >
            {open ? t('audit.hideChanges') : t('audit.showChanges', { n: entry.changes.length })}
          </Button>
        )}
      </Flex>
      {open && (
        <Box id={changesId} mt="2">
          <AuditChanges changes={entry.changes} action={entry.action} />
        </Box>
      )}
    </Box>
  );
}

export interface AuditEntryListProps extends Omit<AuditEntryRowProps, 'entry'> {
  /** Newest first, as the API sends them. */
  entries: AuditEntry[];
  /** The list's accessible name, e.g. 'History of INV-000042'. */
  label: string;
}

/** Audit entries in the order given, one AuditEntryRow each. */
export function AuditEntryList({ entries, label, ...row }: AuditEntryListProps) {
  return (
    <Stack as="ol" gap="2" listStyleType="none" aria-label={label}>
      {entries.map((entry) => (
        <AuditEntryRow key={entry._id} entry={entry} {...row} />
      ))}
    </Stack>
  );
}
