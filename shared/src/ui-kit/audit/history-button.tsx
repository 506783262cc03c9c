import { Alert, Button, Center, Dialog, IconButton, Spinner, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuditEntityType } from '@admin/shared/contract';
import { auditLog } from '@admin/shared/query';
import { HistoryIcon } from '@admin/shared/ui';
import { useAllowed } from '../access/can';
import { useKitT } from '../kit-texts';
import { DialogShell } from '../resource/dialog-shell';
import { Pager } from '../resource/pager';
import { AuditEntryList } from './audit-entry';

/** Entries per page of a record's history; most records have fewer. */
const HISTORY_PAGE_SIZE = 20;

export interface HistoryButtonProps {
  entityType: AuditEntityType;
  entityId: string;
  /** How staff name the record, e.g. 'INV-000042': the button's label and the dialog's title. */
  label: string;
}

/** A row button opening the record's audit trail; nothing for a user who may not read the audit log. */
export function HistoryButton({ entityType, entityId, label }: HistoryButtonProps) {
  const t = useKitT();
  const allowed = useAllowed('audit.read');
  const [open, setOpen] = useState(false);
  // The dialog mounts on first use only: a list of rows does not carry a closed dialog each.
  const [used, setUsed] = useState(false);
  if (!allowed) return null;
  const title = t('history.title', { label });
  const close = () => setOpen(false);
  return (
    <>
      <IconButton
        aria-label={title}
        size="xs"
        variant="ghost"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <HistoryIcon />
      </IconButton>
      {used && (
        <DialogShell open={open} title={title} onClose={close} size="lg">
          {open && <Trail entityType={entityType} entityId={entityId} title={title} onClose={close} />}
        </DialogShell>
      )}
    </>
  );
}

function Trail({
  entityType,
  entityId,
  title,
  onClose,
}: Omit<HistoryButtonProps, 'label'> & { title: string; onClose: () => void }) {
  const t = useKitT();
  const [page, setPage] = useState(1);
  const trail = useQuery({
    ...auditLog.listQuery({ entityType, entityId, page, limit: HISTORY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Dialog.Body>
        {trail.isPending ? (
          <Center py="8">
            <Spinner role="status" aria-label={t('common.loading')} />
          </Center>
        ) : trail.isError ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{t('history.failed')}</Alert.Title>
          </Alert.Root>
        ) : trail.data.data.length === 0 ? (
          <Text color="fg.muted">{t('history.empty')}</Text>
        ) : (
          <Stack gap="4">
            <AuditEntryList entries={trail.data.data} label={title} />
            <Pager page={page} pages={trail.data.pagination.pages} onChange={setPage} />
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button onClick={onClose}>{t('action.close')}</Button>
      </Dialog.Footer>
    </>
  );
}
