import {
  CUSTOMER_STATUSES,
  LANGUAGES,
  REMINDER_PLACEHOLDERS,
  ReminderSettingsInputSchema,
  type CustomerStatus,
  type Language,
  type ReminderSettings,
  type ReminderTemplate,
} from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { Box, Button, HStack, SimpleGrid, Stack, Text } from '@admin/shared/ui';
import { ConfiguredField, formSchema, useFieldArray, useSchemaForm } from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS } from '../i18n';
import { reminderSettingsQuery, saveReminderSettings } from './api';
import { saveSection, SettingsCard } from './settings-card';

/** A step as the form holds it: a switch per customer status. */
interface StepValues {
  offsetDays: number;
  statuses: Record<CustomerStatus, boolean>;
  enabled: boolean;
}
interface ReminderValues {
  enabled: boolean;
  monthlyStatements: boolean;
  steps: StepValues[];
  templates: Record<Language, ReminderTemplate>;
}

const valuesOf = (saved: ReminderSettings): ReminderValues => ({
  enabled: saved.enabled,
  monthlyStatements: saved.monthlyStatements,
  steps: saved.steps.map((step) => ({
    offsetDays: step.offsetDays,
    statuses: Object.fromEntries(
      CUSTOMER_STATUSES.map((s) => [s, step.statuses.includes(s)]),
    ) as StepValues['statuses'],
    enabled: step.enabled,
  })),
  templates: saved.templates,
});

const remindersSchema = formSchema(
  (values: ReminderValues) => ({
    ...values,
    steps: values.steps.map((step) => ({
      ...step,
      statuses: CUSTOMER_STATUSES.filter((status) => step.statuses[status]),
    })),
  }),
  ReminderSettingsInputSchema,
);

const PLACEHOLDER_LIST = REMINDER_PLACEHOLDERS.map((name) => `{${name}}`).join(' ');

/**
 * Payment reminders: the steps (days from the due date, for which customer statuses), and the
 * message in English and Arabic, each customer getting theirs in their own language.
 */
export function RemindersCard() {
  const t = useT(SIGNED_IN_TEXTS);
  return (
    <SettingsCard
      id="payment-reminders"
      title={t('reminders.title')}
      intro={t('reminders.intro')}
      query={reminderSettingsQuery}
    >
      {(saved) => <RemindersForm saved={saved} />}
    </SettingsCard>
  );
}

function RemindersForm({ saved }: { saved: ReminderSettings }) {
  const t = useT(SIGNED_IN_TEXTS);
  const form = useSchemaForm(remindersSchema, valuesOf(saved));
  const steps = useFieldArray({ control: form.control, name: 'steps' });
  const stepsError = form.formState.errors.steps?.root?.message ?? form.formState.errors.steps?.message;
  const submit = form.handleSubmit((values) =>
    saveSection(
      () => saveReminderSettings(values, { errorToast: false }),
      (kept) => form.reset(valuesOf(kept)),
      { saved: t('reminders.saved'), failed: t('reminders.failed') },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('reminders.title')}>
      <Stack gap="4">
        <ConfiguredField form={form} field={{ name: 'enabled', label: t('reminders.enabled'), kind: 'switch' }} />
        <Stack as="fieldset" gap="3">
          <Text as="legend" fontWeight="semibold">
            {t('reminders.steps')}
          </Text>
          {steps.fields.length === 0 && <Text>{t('reminders.noSteps')}</Text>}
          {steps.fields.map((row, index) => {
            const n = index + 1;
            const statusError = form.formState.errors.steps?.[index]?.statuses?.message;
            return (
              <Stack
                key={row.id}
                gap="2"
                borderWidth="1px"
                borderRadius="md"
                p="3"
                role="group"
                aria-label={t('reminders.step', { n })}
              >
                <HStack gap="3" align="end" wrap="wrap">
                  <Box flex="0 0 11rem">
                    <ConfiguredField
                      form={form}
                      field={{
                        name: `steps.${index}.offsetDays`,
                        label: t('reminders.offset'),
                        kind: 'number',
                        hint: t('reminders.offsetHint'),
                      }}
                    />
                  </Box>
                  <ConfiguredField
                    form={form}
                    field={{ name: `steps.${index}.enabled`, label: t('reminders.stepEnabled'), kind: 'switch' }}
                  />
                  <Button variant="ghost" colorPalette="red" onClick={() => steps.remove(index)}>
                    {t('reminders.remove', { n })}
                  </Button>
                </HStack>
                <HStack gap="4" wrap="wrap">
                  {CUSTOMER_STATUSES.map((status) => (
                    <ConfiguredField
                      key={status}
                      form={form}
                      field={{
                        name: `steps.${index}.statuses.${status}`,
                        label: t(`reminders.status.${status}`),
                        kind: 'switch',
                      }}
                    />
                  ))}
                </HStack>
                {statusError && (
                  <Text color="fg.error" role="alert">
                    {statusError}
                  </Text>
                )}
              </Stack>
            );
          })}
          {stepsError && (
            <Text color="fg.error" role="alert">
              {stepsError}
            </Text>
          )}
          <Button
            alignSelf="start"
            variant="outline"
            onClick={() =>
              steps.append({ offsetDays: 0, statuses: { high: true, medium: true, low: true }, enabled: true })
            }
          >
            {t('reminders.add')}
          </Button>
        </Stack>
        <Text fontSize="sm" color="fg.muted">
          {t('reminders.placeholders', { list: PLACEHOLDER_LIST })}
        </Text>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {LANGUAGES.map((language) => (
            <Stack key={language} gap="2" lang={language} dir={language === 'ar' ? 'rtl' : 'ltr'}>
              <ConfiguredField
                form={form}
                field={{
                  name: `templates.${language}.subject`,
                  label: t(`reminders.subject.${language}`),
                  required: true,
                }}
              />
              <ConfiguredField
                form={form}
                field={{
                  name: `templates.${language}.body`,
                  label: t(`reminders.body.${language}`),
                  kind: 'textarea',
                  required: true,
                }}
              />
            </Stack>
          ))}
        </SimpleGrid>
        <Stack gap="1">
          <ConfiguredField
            form={form}
            field={{
              name: 'monthlyStatements',
              label: t('reminders.monthlyStatements'),
              kind: 'switch',
              hint: t('reminders.monthlyStatementsHint'),
            }}
          />
          {saved.statementsSentAs && (
            <Text fontSize="sm" color="fg.muted">
              {t('reminders.statementsSentAs', { name: saved.statementsSentAs })}
            </Text>
          )}
        </Stack>
        <Button alignSelf="start" type="submit" loading={form.formState.isSubmitting}>
          {t('reminders.save')}
        </Button>
      </Stack>
    </form>
  );
}
