import { useRef, useState, type ChangeEvent } from 'react';
import { apiErrorMessage, readApiError } from '@admin/shared/api';
import {
  CompanySettingsInputSchema,
  LOGO_SIZE_MESSAGE,
  LOGO_TYPE_MESSAGE,
  LOGO_TYPES,
  MAX_LOGO_BYTES,
  type CompanySettings,
  type CompanySettingsInput,
} from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import {
  Box,
  Button,
  Card,
  Center,
  FormField,
  HStack,
  Input,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  notifyError,
  notifySuccess,
} from '@admin/shared/ui';
import {
  Can,
  Controller,
  RequirePermission,
  Switch,
  Textarea,
  useCompanySettings,
  useSchemaForm,
} from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS } from '../i18n';
import { COMPANY_PAGE } from '../common/pages';
import { removeLogo, saveCompanySettings, uploadLogo } from './api';
import { HolidaysCard } from './holidays-card';
import { MailServerCard } from './mail-server-card';
import { PeriodLockCard } from './period-lock-card';
import { RemindersCard } from './reminders-card';
import { ApprovalsCard } from './approvals-card';

const FIELDS = Object.keys(CompanySettingsInputSchema.entries) as (keyof CompanySettingsInput)[];
type TextField = Exclude<keyof CompanySettingsInput, 'arabicIndicDigits'>;
/** The fields typed into boxes; the digits switch is a controlled field of its own. */
const TEXT_FIELDS = FIELDS.filter((name): name is TextField => name !== 'arabicIndicDigits');

/** The form's values: what the API answered, without the logo and the time of the last change. */
function valuesOf({ logoUrl: _logo, updatedAt: _updated, ...values }: CompanySettings): CompanySettingsInput {
  return values;
}

/** The company block and footer every printed invoice and statement carries (admin only). */
export function CompanySettingsPage() {
  const t = useT(SIGNED_IN_TEXTS);
  const { data } = useCompanySettings();
  return (
    <RequirePermission permission={COMPANY_PAGE.permission}>
      {data ? (
        <Stack gap="6" maxW="3xl">
          <Text color="fg.muted">{t('company.intro')}</Text>
          <LogoCard settings={data} />
          <DetailsForm settings={data} />
          <HolidaysCard />
          <Can permission="mail.settings">
            <MailServerCard />
          </Can>
          <RemindersCard />
          <ApprovalsCard />
          <Can permission="periods.close">
            <PeriodLockCard />
          </Can>
        </Stack>
      ) : (
        <Center py="10">
          <Spinner />
        </Center>
      )}
    </RequirePermission>
  );
}

function DetailsForm({ settings }: { settings: CompanySettings }) {
  const t = useT(SIGNED_IN_TEXTS);
  const form = useSchemaForm(CompanySettingsInputSchema, valuesOf(settings));
  const { errors, isSubmitting } = form.formState;
  const input = Object.fromEntries(TEXT_FIELDS.map((name) => [name, form.register(name)])) as Record<
    TextField,
    ReturnType<typeof form.register>
  >;

  const submit = form.handleSubmit(async (values) => {
    try {
      // The API's field messages go under the fields; only anything else is a toast.
      const saved = await saveCompanySettings(values, { errorToast: false });
      form.reset(valuesOf(saved));
      notifySuccess(t('company.saved'));
    } catch (error) {
      const fieldErrors = Object.entries(readApiError(error).errors ?? {}).filter(([name]) =>
        (FIELDS as string[]).includes(name),
      );
      for (const [name, message] of fieldErrors)
        form.setError(name as keyof CompanySettingsInput, { type: 'server', message }, { shouldFocus: true });
      if (!fieldErrors.length) notifyError(apiErrorMessage(error, t('company.failed')));
    }
  });

  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={submit} noValidate aria-label={t('company.form')}>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField label={t('company.nameEn')} error={errors.companyNameEn?.message} required>
                <Input dir="ltr" {...input.companyNameEn} />
              </FormField>
              <FormField label={t('company.nameAr')} error={errors.companyNameAr?.message} required>
                <Input dir="rtl" lang="ar" {...input.companyNameAr} />
              </FormField>
              {/* Phone numbers, e-mail addresses and registration numbers read left to right in Arabic too. */}
              <FormField label={t('company.phone')} error={errors.phone?.message}>
                <Input dir="ltr" type="tel" autoComplete="tel" {...input.phone} />
              </FormField>
              <FormField label={t('company.email')} error={errors.email?.message}>
                <Input dir="ltr" type="email" autoComplete="email" {...input.email} />
              </FormField>
              <FormField label={t('company.commercialRegistration')} error={errors.commercialRegistration?.message}>
                <Input dir="ltr" {...input.commercialRegistration} />
              </FormField>
            </SimpleGrid>
            <FormField label={t('company.address')} error={errors.address?.message}>
              <Textarea rows={2} {...input.address} />
            </FormField>
            <FormField label={t('company.invoiceFooter')} error={errors.invoiceFooter?.message}>
              <Textarea rows={3} {...input.invoiceFooter} />
            </FormField>
            <Controller
              control={form.control}
              name="arabicIndicDigits"
              render={({ field }) => (
                <Switch.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked)}>
                  <Switch.HiddenInput onBlur={field.onBlur} />
                  <Switch.Control />
                  <Switch.Label>{t('company.arabicIndicDigits')}</Switch.Label>
                </Switch.Root>
              )}
            />
            <Box>
              <Button type="submit" loading={isSubmitting}>
                {t('company.save')}
              </Button>
            </Box>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

/** The contract's limits, checked before the upload so a wrong file is named at once (the API checks again). */
function logoProblem(file: File): string | undefined {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return LOGO_TYPE_MESSAGE;
  if (file.size > MAX_LOGO_BYTES) return LOGO_SIZE_MESSAGE;
  return undefined;
}

function LogoCard({ settings }: { settings: CompanySettings }) {
  const t = useT(SIGNED_IN_TEXTS);
  const picker = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const run = async (change: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await change();
      notifySuccess(t(done));
    } catch (error) {
      setProblem(apiErrorMessage(error, t('company.logoFailed')));
    } finally {
      setBusy(false);
    }
  };

  const chosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again after a refusal
    if (!file) return;
    const refused = logoProblem(file);
    setProblem(refused);
    if (!refused) await run(() => uploadLogo(file, { errorToast: false }), 'company.logoSaved');
  };

  return (
    <Card.Root>
      <Card.Body>
        <FormField label={t('company.logo')} error={problem}>
          <Stack gap="3" align="start">
            {settings.logoUrl ? (
              <Box borderWidth="1px" rounded="md" p="2" bg="white">
                <img src={settings.logoUrl} alt={t('company.logoAlt')} style={{ maxHeight: 80, maxWidth: 240 }} />
              </Box>
            ) : (
              <Text color="fg.muted">{t('company.noLogo')}</Text>
            )}
            <Text fontSize="sm" color="fg.muted">
              {t('company.logoHint')}
            </Text>
            <input
              ref={picker}
              type="file"
              accept={LOGO_TYPES.join(',')}
              hidden
              aria-label={t(settings.logoUrl ? 'company.replaceLogo' : 'company.uploadLogo')}
              onChange={chosen}
            />
            <HStack gap="2" wrap="wrap">
              <Button variant="outline" loading={busy} onClick={() => picker.current?.click()}>
                {t(settings.logoUrl ? 'company.replaceLogo' : 'company.uploadLogo')}
              </Button>
              {settings.logoUrl && (
                <Button
                  variant="ghost"
                  colorPalette="red"
                  disabled={busy}
                  onClick={() => void run(() => removeLogo({ errorToast: false }), 'company.logoRemoved')}
                >
                  {t('company.removeLogo')}
                </Button>
              )}
            </HStack>
          </Stack>
        </FormField>
      </Card.Body>
    </Card.Root>
  );
}
