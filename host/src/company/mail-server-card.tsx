import { useState } from 'react';
import { apiErrorMessage, readApiError } from '@admin/shared/api';
import {
  MailSettingsInputSchema,
  MailTestSchema,
  type MailSettings,
  type MailSettingsInput,
} from '@admin/shared/contract';
import { useT } from '@admin/shared/i18n';
import { Box, Button, FormField, HStack, Input, Stack, Text, notifyError, notifySuccess } from '@admin/shared/ui';
import { FieldGrid, useSchemaForm } from '@admin/shared/ui-kit';
import * as v from 'valibot';
import { SIGNED_IN_TEXTS } from '../i18n';
import { SettingsCard } from './settings-card';
import { mailSettingsQuery, saveMailSettings, sendTestMessage } from './api';

/** The form's values: the password box starts empty, and left empty keeps the one kept. */
type MailValues = Omit<MailSettingsInput, 'user' | 'password'> & { user: string; password: string };

const valuesOf = (saved: MailSettings): MailValues => ({
  host: saved.host,
  port: saved.port,
  secure: saved.secure,
  user: saved.user ?? '',
  password: '',
  from: saved.from,
});

/**
 * What the API is sent: an empty password keeps the kept one, unless the user is cleared too (a
 * server without login), which removes it.
 */
function bodyOf({ password, ...values }: MailSettingsInput): MailSettingsInput {
  if (password) return { ...values, password };
  return values.user ? values : { ...values, user: null, password: null };
}

/** The mail server invoices, statements and test messages go through (mail.settings: admins). */
export function MailServerCard() {
  const t = useT(SIGNED_IN_TEXTS);
  return (
    <SettingsCard
      id="mail-server"
      title={t('mailServer.title')}
      intro={t('mailServer.intro')}
      query={mailSettingsQuery}
    >
      {(saved) => (
        <>
          {saved.smtpUrl && <Text role="note">{t('mailServer.smtpUrl')}</Text>}
          <MailServerForm saved={saved} />
          <TestMessageForm configured={saved.configured} />
        </>
      )}
    </SettingsCard>
  );
}

function MailServerForm({ saved }: { saved: MailSettings }) {
  const t = useT(SIGNED_IN_TEXTS);
  const form = useSchemaForm<MailValues, MailSettingsInput>(
    MailSettingsInputSchema as unknown as v.GenericSchema<MailValues, MailSettingsInput>,
    valuesOf(saved),
  );
  const submit = form.handleSubmit(async (values) => {
    try {
      form.reset(valuesOf(await saveMailSettings(bodyOf(values), { errorToast: false })));
      notifySuccess(t('mailServer.saved'));
    } catch (error) {
      const errors = Object.entries(readApiError(error).errors ?? {});
      for (const [name, message] of errors) form.setError(name as keyof MailValues, { type: 'server', message });
      if (!errors.length) notifyError(apiErrorMessage(error, t('mailServer.failed')));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('mailServer.title')}>
      <Stack gap="4">
        <FieldGrid
          form={form}
          fields={[
            { name: 'host', label: t('mailServer.host'), placeholder: 'smtp.example.com', required: true },
            {
              name: 'port',
              label: t('mailServer.port'),
              kind: 'number',
              required: true,
              hint: t('mailServer.portHint'),
            },
            { name: 'user', label: t('mailServer.user') },
            {
              name: 'password',
              label: t('mailServer.password'),
              render: () => (
                <FormField label={t('mailServer.password')} error={form.formState.errors.password?.message}>
                  <Input type="password" autoComplete="new-password" {...form.register('password')} />
                  <Text fontSize="xs" color="fg.muted">
                    {t(saved.passwordSet ? 'mailServer.passwordKept' : 'mailServer.passwordNone')}
                  </Text>
                </FormField>
              ),
            },
            { name: 'from', label: t('mailServer.from'), kind: 'email', required: true },
          ]}
        />
        <FieldGrid form={form} fields={[{ name: 'secure', label: t('mailServer.secure'), kind: 'switch' }]} />
        <Box>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('mailServer.save')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

/** A test message sent now, to see that mail reaches someone; the server's answer or refusal is shown. */
function TestMessageForm({ configured }: { configured: boolean }) {
  const t = useT(SIGNED_IN_TEXTS);
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    const checked = v.safeParse(MailTestSchema, { to });
    if (!checked.success) return setProblem(checked.issues[0].message);
    setBusy(true);
    setProblem(undefined);
    try {
      const answer = await sendTestMessage(checked.output.to, { errorToast: false });
      notifySuccess(t('mailServer.testSent', { response: answer.response }));
    } catch (error) {
      const { errors, message } = readApiError(error);
      setProblem(errors?.to ?? message ?? t('mailServer.testFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      aria-label={t('mailServer.test')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <HStack gap="3" align="end" wrap="wrap">
        <Box flex="1" minW="16rem">
          <FormField label={t('mailServer.testTo')} error={problem}>
            <Input type="email" dir="ltr" value={to} onChange={(event) => setTo(event.target.value)} />
          </FormField>
        </Box>
        <Button type="submit" variant="outline" loading={busy} disabled={!configured}>
          {t('mailServer.test')}
        </Button>
      </HStack>
    </form>
  );
}
