import { useQuery } from '@tanstack/react-query';
import { useT } from '@admin/shared/i18n';
import type { OutboxAttempt } from '@admin/shared/contract';
import { Box, Center, Spinner, Stack } from '@admin/shared/ui';
import { DataTable, Dialog, DialogShell, Fact, formatDateTime } from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS } from '../i18n';
import { messageQuery } from './api';
import { MailStatus } from './mail-status';

/** One message as it was written, and each attempt to hand it to the mail server, oldest first. */
export function MessageDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useT(SIGNED_IN_TEXTS);
  return (
    <DialogShell open={id !== null} title={t('mail.details.title')} onClose={onClose} size="lg">
      {id && <MessageDetails id={id} />}
    </DialogShell>
  );
}

function MessageDetails({ id }: { id: string }) {
  const t = useT(SIGNED_IN_TEXTS);
  const { data: message } = useQuery(messageQuery(id));
  if (!message)
    return (
      <Dialog.Body>
        <Center py="6">
          <Spinner aria-label={t('shell.loading')} />
        </Center>
      </Dialog.Body>
    );
  return (
    <Dialog.Body>
      <Stack gap="4">
        <Stack gap="1">
          <Fact label={t('mail.to')}>
            <bdi>{message.to}</bdi>
          </Fact>
          <Fact label={t('mail.subject')}>{message.subject}</Fact>
          <Fact label={t('mail.status')}>
            <MailStatus status={message.status} t={t} />
          </Fact>
          {message.attachments.map((attachment) => (
            <Fact key={attachment.filename} label={t('mail.attachment')}>
              <bdi>{attachment.filename}</bdi> {t('mail.attachment.size', { kb: Math.ceil(attachment.size / 1024) })}
            </Fact>
          ))}
        </Stack>
        {/* The text as the customer reads it, in its own language and direction. */}
        <Box
          as="pre"
          whiteSpace="pre-wrap"
          fontFamily="inherit"
          borderWidth="1px"
          rounded="md"
          p="3"
          lang={message.language}
          dir={message.language === 'ar' ? 'rtl' : 'ltr'}
          aria-label={t('mail.text')}
        >
          {message.text}
        </Box>
        <DataTable<OutboxAttempt>
          label={t('mail.attemptLog')}
          size="sm"
          frame="region"
          columns={[
            { header: t('mail.attempt.at'), cell: (a) => <bdi>{formatDateTime(a.at)}</bdi>, nowrap: true },
            { header: t('mail.attempt.outcome'), cell: (a) => t(`mail.outcome.${a.outcome}`) },
            { header: t('mail.attempt.detail'), cell: (a) => <bdi>{a.detail}</bdi> },
          ]}
          rows={message.attemptLog}
          emptyText={message.lastError ?? t('mail.noAttempts')}
        />
      </Stack>
    </Dialog.Body>
  );
}
