import { useState } from 'react';
import * as v from 'valibot';
import { useAuth } from '@admin/shared/auth';
import {
  PeriodLockInputSchema,
  PeriodReopenInputSchema,
  PeriodReopenRejectSchema,
  type PeriodLock,
  type PeriodLockInput,
  type PeriodReopenRequest,
} from '@admin/shared/contract';
import { dayToUtcMidnight, formatDay, toDay } from '@admin/shared/dates';
import { useT } from '@admin/shared/i18n';
import { Box, Button, HStack, Stack, Text } from '@admin/shared/ui';
import { ConfiguredField, ConfirmDialog, useSchemaForm } from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS } from '../i18n';
import { approveReopen, askReopen, closePeriod, periodLockQuery, rejectReopen } from './api';
import { saveSection, SettingsCard } from './settings-card';

/** The reopen form: an empty day opens the books all the way back. */
const ReopenFormSchema = v.object({
  lockedThrough: v.pipe(
    v.string(),
    v.transform((day) => (day ? dayToUtcMidnight(toDay(day)) : null)),
  ),
  reason: PeriodReopenInputSchema.entries.reason,
});

/**
 * The closed period: the day the books are closed through, closing them further (with a
 * confirmation), and reopening, which one admin asks for with a reason and another approves.
 */
export function PeriodLockCard() {
  const t = useT(SIGNED_IN_TEXTS);
  return (
    <SettingsCard
      id="closed-period"
      title={t('periodLock.title')}
      intro={t('periodLock.intro')}
      query={periodLockQuery}
    >
      {(lock) => (
        <Stack gap="5">
          <Text fontWeight="semibold" role="status">
            {lock.lockedThrough
              ? t('periodLock.closedThrough', { day: formatDay(lock.lockedThrough) })
              : t('periodLock.open')}
          </Text>
          <CloseForm lock={lock} />
          {lock.pendingReopen ? <PendingReopen request={lock.pendingReopen} /> : lock.lockedThrough && <ReopenForm />}
        </Stack>
      )}
    </SettingsCard>
  );
}

function CloseForm({ lock }: { lock: PeriodLock }) {
  const t = useT(SIGNED_IN_TEXTS);
  const form = useSchemaForm(PeriodLockInputSchema, {
    lockedThrough: (lock.lockedThrough ? toDay(lock.lockedThrough) : '') as never,
  });
  // The day checked by the form, waiting for the confirmation.
  const [asking, setAsking] = useState<PeriodLockInput>();
  const submit = form.handleSubmit(setAsking);
  return (
    <form onSubmit={submit} noValidate aria-label={t('periodLock.closeForm')}>
      <HStack gap="3" align="end" wrap="wrap">
        <Box flex="0 0 12rem">
          <ConfiguredField
            form={form}
            field={{ name: 'lockedThrough', label: t('periodLock.through'), kind: 'date', required: true }}
          />
        </Box>
        <Button type="submit">{t('periodLock.close')}</Button>
      </HStack>
      <ConfirmDialog
        open={asking !== undefined}
        title={t('periodLock.confirmTitle')}
        message={t('periodLock.confirm', { day: formatDay(asking?.lockedThrough) })}
        confirmLabel={t('periodLock.close')}
        onClose={() => setAsking(undefined)}
        onConfirm={() =>
          saveSection(
            () => closePeriod(asking!, { errorToast: false }),
            () => undefined,
            { saved: t('periodLock.closed'), failed: t('periodLock.failed') },
          )
        }
      />
    </form>
  );
}

function ReopenForm() {
  const t = useT(SIGNED_IN_TEXTS);
  const form = useSchemaForm(ReopenFormSchema, { lockedThrough: '', reason: '' });
  const submit = form.handleSubmit((values) =>
    saveSection(
      () => askReopen(values as v.InferOutput<typeof PeriodReopenInputSchema>, { errorToast: false }),
      () => undefined,
      { saved: t('periodLock.asked'), failed: t('periodLock.failed') },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('periodLock.reopenForm')}>
      <Stack gap="3">
        <Box maxW="12rem">
          <ConfiguredField
            form={form}
            field={{
              name: 'lockedThrough',
              label: t('periodLock.reopenThrough'),
              kind: 'date',
              hint: t('periodLock.reopenHint'),
            }}
          />
        </Box>
        <ConfiguredField
          form={form}
          field={{ name: 'reason', label: t('periodLock.reason'), kind: 'textarea', required: true }}
        />
        <Button type="submit" alignSelf="start" variant="outline" loading={form.formState.isSubmitting}>
          {t('periodLock.reopen')}
        </Button>
      </Stack>
    </form>
  );
}

function PendingReopen({ request }: { request: PeriodReopenRequest }) {
  const t = useT(SIGNED_IN_TEXTS);
  const me = useAuth((s) => s.user?._id);
  const form = useSchemaForm(PeriodReopenRejectSchema, { reason: '' });
  const texts = { saved: t('periodLock.decided'), failed: t('periodLock.failed') };
  const reject = form.handleSubmit((values) =>
    saveSection(
      () => rejectReopen(request._id, values, { errorToast: false }),
      () => undefined,
      texts,
    ),
  );
  return (
    <Stack gap="3" as="section" aria-label={t('periodLock.pending')}>
      <Text>
        {t(request.lockedThrough ? 'periodLock.pendingTo' : 'periodLock.pendingAll', {
          name: request.requestedBy.name,
          day: formatDay(request.lockedThrough),
        })}
      </Text>
      <Text color="fg.muted">{t('periodLock.pendingReason', { reason: request.reason })}</Text>
      {request.requestedBy._id === me ? (
        <Text>{t('periodLock.waiting')}</Text>
      ) : (
        <form onSubmit={reject} noValidate aria-label={t('periodLock.decide')}>
          <Stack gap="3">
            <ConfiguredField
              form={form}
              field={{ name: 'reason', label: t('periodLock.rejectReason'), kind: 'textarea' }}
            />
            <HStack gap="2">
              <Button
                onClick={() =>
                  saveSection(
                    () => approveReopen(request._id, { errorToast: false }),
                    () => undefined,
                    texts,
                  )
                }
              >
                {t('periodLock.approve')}
              </Button>
              <Button type="submit" variant="outline" colorPalette="red" loading={form.formState.isSubmitting}>
                {t('periodLock.reject')}
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
