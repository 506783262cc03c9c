import { Alert, Button, HStack, Input, Stack, notifyError, notifySuccess } from '@admin/shared/ui';
import { Dialog, DialogFrame } from '@admin/shared/ui-kit';

export interface IssuedPassword {
  /** Whose password it is, as the list names them. */
  name: string;
  password: string;
}

export const NOT_SHOWN_AGAIN = 'This password will not be shown again. They will be asked to choose their own when they sign in with it.';

async function copy(password: string) {
  try {
    // Absent outside a secure context (plain http on another host): the field can still be copied by hand.
    if (!navigator.clipboard) throw new Error('No clipboard');
    await navigator.clipboard.writeText(password);
    notifySuccess('Password copied');
  } catch {
    notifyError('Could not copy the password: select it and copy it by hand');
  }
}

/** A generated password, shown once (the API never answers it again) with a Copy button. */
export function TemporaryPasswordDialog({ issued, onClose }: { issued: IssuedPassword | null; onClose: () => void }) {
  return (
    <DialogFrame
      open={issued !== null}
      title={issued ? `Temporary password for ${issued.name}` : ''}
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
                  aria-label="Temporary password"
                  value={issued.password}
                  fontFamily="mono"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <Button onClick={() => copy(issued.password)}>Copy</Button>
              </HStack>
              <Alert.Root status="warning">
                <Alert.Indicator />
                <Alert.Description>{NOT_SHOWN_AGAIN}</Alert.Description>
              </Alert.Root>
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={onClose}>
              Done
            </Button>
          </Dialog.Footer>
        </>
      )}
    </DialogFrame>
  );
}
