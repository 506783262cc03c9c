import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { OUTBOX_STATUSES, type OutboxMessage } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { Button, HStack, notifySuccess } from '@admin/shared/ui';
import {
  Can,
  ConfirmDialog,
  FilterSelect,
  RequirePermission,
  ResourcePage,
  formatDateTime,
  useResourceList,
} from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS } from '../i18n';
import { SENT_MAIL_PAGE } from '../common/pages';
import { outbox, resendMessage } from './api';
import { MailStatus } from './mail-status';
import { MessageDialog } from './message-dialog';

export function SentMailPage() {
  return (
    <RequirePermission permission={SENT_MAIL_PAGE.permission}>
      <SentMail />
    </RequirePermission>
  );
}

/**
 * Every message the product wrote, newest first: to whom, about what, whether it has gone and
 * why not. Details show its text and each attempt; a sent or failed one can be sent again.
 */
function SentMail() {
  const t = useT(SIGNED_IN_TEXTS);
  const { search, filters, setSearch, setFilter, list, paging } = useResourceList(outbox, ['status']);
  const [shown, setShown] = useState<OutboxMessage | null>(null);
  const [asking, setAsking] = useState<OutboxMessage | null>(null);
  // The question keeps its words while it closes.
  const [asked, setAsked] = useState<OutboxMessage | null>(null);

  const resend = useMutation({
    mutationFn: (message: OutboxMessage) => resendMessage(message._id, { errorToast: t('mail.resend.failed') }),
    onSuccess: (copy) => notifySuccess(t('mail.resend.done', { to: copy.to })),
    meta: { changes: outbox.definition },
  });

  return (
    <>
      <ResourcePage<OutboxMessage>
        title={t('mail.title')}
        search={{ value: search, placeholder: t('mail.search'), onChange: setSearch }}
        filters={
          <FilterSelect
            label={t('mail.status')}
            allLabel={t('mail.allStatuses')}
            options={OUTBOX_STATUSES.map((status) => ({ value: status, label: t(`mail.status.${status}`) }))}
            value={filters.status}
            onChange={(value) => setFilter('status', value)}
          />
        }
        columns={[
          { header: t('mail.createdAt'), cell: (m) => <bdi>{formatDateTime(m.createdAt)}</bdi>, nowrap: true },
          { header: t('mail.to'), cell: (m) => <bdi>{m.to}</bdi> },
          { header: t('mail.subject'), cell: (m) => m.subject },
          { header: t('mail.status'), cell: (m) => <MailStatus status={m.status} t={t} /> },
          { header: t('mail.attempts'), cell: (m) => m.attempts, numeric: true },
          { header: t('mail.lastError'), cell: (m) => m.lastError ?? '' },
        ]}
        rows={list.data?.data}
        loading={list.isPending}
        emptyText={t('mail.empty')}
        rowName={(m) => m.subject}
        rowActions={(m) => (
          <HStack as="span" display="inline-flex" gap="1" me="1" verticalAlign="middle">
            <Button
              size="xs"
              variant="outline"
              aria-label={t('mail.details.of', { subject: m.subject })}
              onClick={() => setShown(m)}
            >
              {t('mail.details')}
            </Button>
            {(m.status === 'sent' || m.status === 'failed') && (
              <Can permission={outbox.definition.permissions.resend!}>
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={t('mail.resend.of', { subject: m.subject })}
                  onClick={() => {
                    setAsking(m);
                    setAsked(m);
                  }}
                >
                  {t('mail.resend')}
                </Button>
              </Can>
            )}
          </HStack>
        )}
        {...paging}
      />
      <MessageDialog id={shown?._id ?? null} onClose={() => setShown(null)} />
      <ConfirmDialog
        open={asking !== null}
        title={t('mail.resend.title')}
        message={asked ? t('mail.resend.question', { subject: asked.subject, to: asked.to }) : ''}
        confirmLabel={t('mail.resend')}
        onConfirm={() => (asking ? resend.mutateAsync(asking) : undefined)}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
