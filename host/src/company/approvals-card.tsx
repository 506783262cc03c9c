import { APPROVAL_KINDS, ApprovalSettingsInputSchema, type ApprovalSettings } from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { Button, HStack, SimpleGrid, Stack } from '@admin/shared/ui';
import { ConfiguredField, useSchemaForm } from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS } from '../i18n';
import { approvalSettingsQuery, saveApprovalSettings } from './api';
import { saveSection, SettingsCard } from './settings-card';

/**
 * The approval amounts: a refund, a credit note, a write-off or a cheque's bounce above its kind's
 * amount waits in Approvals for a second staff member; an empty box means never.
 */
export function ApprovalsCard() {
  const t = useT(SIGNED_IN_TEXTS);
  return (
    <SettingsCard
      id="approval-amounts"
      title={t('approvalAmounts.title')}
      intro={t('approvalAmounts.intro')}
      query={approvalSettingsQuery}
    >
      {(saved) => <ApprovalsForm saved={saved} />}
    </SettingsCard>
  );
}

function ApprovalsForm({ saved }: { saved: ApprovalSettings }) {
  const t = useT(SIGNED_IN_TEXTS);
  const form = useSchemaForm(ApprovalSettingsInputSchema, saved);
  const submit = form.handleSubmit((values) =>
    saveSection(
      () => saveApprovalSettings(values, { errorToast: false }),
      (kept) => form.reset(kept),
      { saved: t('approvalAmounts.saved'), failed: t('approvalAmounts.failed') },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('approvalAmounts.title')}>
      <Stack gap="3">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          {APPROVAL_KINDS.map((kind) => (
            <ConfiguredField
              key={kind}
              form={form}
              field={{
                name: kind,
                label: t(`approvalAmounts.${kind}`),
                kind: 'money',
                placeholder: t('approvalAmounts.none'),
              }}
            />
          ))}
        </SimpleGrid>
        <HStack>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('approvalAmounts.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
