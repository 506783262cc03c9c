import { useT } from '@admin/shared/i18n';
import { Alert, Button, HStack, Input, Stack, notifyError, notifySuccess } from '@admin/shared/ui';
import { Dialog, DialogShell } from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS, type Translate } from '../i18n';

export interface IssuedPassword {
  /** Whose password it is, as the list names them. */
  name: string;
  password: string;
}

async function copy(password: string, t: Translate) {
  try {
    // Absent outside a secure context (plain http on another host): the field can still be copied by hand.
    if (!navigator.clipboard) throw new Error('No clipboard');
    await navigator.clipboard.writeText(password);
    notifySuccess(t('temporaryPassword.copied'));
  } catch {
    notifyError(t('temporaryPassword.copyFailed'));
  }
}

/** A generated password, shown once (the API never answers it again) with a Copy button. */
export function TemporaryPasswordDialog({ issued, onClose }: { issued: IssuedPassword | null; onClose: () => void }) {
  const t = useT(SIGNED_IN_TEXTS);
  return (
    <DialogShell
      open={issued !== null}
      title={issued ? t('temporaryPassword.title', { name: issued.name }) : ''}
      onClose={onClose}
      // A stray click must not lose a password nobody can read again.
      closeOnInteractOutside={false}
    >
      {issued && (
        <>
          <Dialog.Body>
            <Stack gap="4">
              <HStack gap="2">
                <Input
                  readOnly
                  aria-label={t('temporaryPassword.field')}
                  value={issued.password}
                  fontFamily="mono"
                  dir="ltr"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <Button onClick={() => copy(issued.password, t)}>{t('temporaryPassword.copy')}</Button>
              </HStack>
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Description>{t('temporaryPassword.notShownAgain')}</Alert.Description>
              </Alert.Root>
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={onClose}>
              {t('temporaryPassword.done')}
            </Button>
          </Dialog.Footer>
        </>
      )}
    </DialogShell>
  );
}
