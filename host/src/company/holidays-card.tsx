import { PublicHolidaysInputSchema, type PublicHolidays } from '@admin/shared/contract';
import { toDay } from '@admin/shared/dates';
import { useT } from '@admin/shared/i18n';
import { Box, Button, HStack, Stack, Text } from '@admin/shared/ui';
import { ConfiguredField, useFieldArray, useSchemaForm } from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS } from '../i18n';
import { holidaysQuery, saveHolidays } from './api';
import { saveSection, SettingsCard } from './settings-card';

interface HolidayValues {
  holidays: { day: string; name: string }[];
}

const valuesOf = (saved: PublicHolidays): HolidayValues => ({
  holidays: saved.holidays.map((holiday) => ({ day: toDay(holiday.day), name: holiday.name })),
});

/** The public holidays: the days the cheques to deposit and the reminders skip, as they skip Friday and Saturday. */
export function HolidaysCard() {
  const t = useT(SIGNED_IN_TEXTS);
  return (
    <SettingsCard id="public-holidays" title={t('holidays.title')} intro={t('holidays.intro')} query={holidaysQuery}>
      {(saved) => <HolidaysForm saved={saved} />}
    </SettingsCard>
  );
}

function HolidaysForm({ saved }: { saved: PublicHolidays }) {
  const t = useT(SIGNED_IN_TEXTS);
  const form = useSchemaForm(PublicHolidaysInputSchema, valuesOf(saved));
  const rows = useFieldArray({ control: form.control, name: 'holidays' });
  const listError = form.formState.errors.holidays?.root?.message ?? form.formState.errors.holidays?.message;
  const submit = form.handleSubmit((values) =>
    saveSection(
      () => saveHolidays(values, { errorToast: false }),
      (kept) => form.reset(valuesOf(kept)),
      { saved: t('holidays.saved'), failed: t('holidays.failed') },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('holidays.title')}>
      <Stack gap="3">
        {rows.fields.length === 0 && <Text>{t('holidays.none')}</Text>}
        {rows.fields.map((row, index) => (
          <HStack key={row.id} gap="3" align="end" wrap={{ base: 'wrap', sm: 'nowrap' }}>
            <Box flex="0 0 11rem">
              <ConfiguredField
                form={form}
                field={{ name: `holidays.${index}.day`, label: t('holidays.day', { n: index + 1 }), kind: 'date' }}
              />
            </Box>
            <Box flex="1" minW="12rem">
              <ConfiguredField
                form={form}
                field={{ name: `holidays.${index}.name`, label: t('holidays.name', { n: index + 1 }) }}
              />
            </Box>
            <Button variant="ghost" colorPalette="red" onClick={() => rows.remove(index)}>
              {t('holidays.remove', { n: index + 1 })}
            </Button>
          </HStack>
        ))}
        {listError && (
          <Text color="fg.error" role="alert">
            {listError}
          </Text>
        )}
        <HStack gap="2">
          <Button variant="outline" onClick={() => rows.append({ day: '', name: '' })}>
            {t('holidays.add')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('holidays.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
