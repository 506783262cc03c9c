import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import * as v from 'valibot';
import { api, dataOf } from '@admin/shared/api';
import type { Answer, DocumentLanguage, DocumentSendInput, OutboxMessage } from '@admin/shared/contract';
import { notifySuccess } from '@admin/shared/ui';
import { useAllowed } from '../access/can';
import { SchemaFormDialog } from '../resource/schema-form-dialog';
import { LANGUAGE_NAMES, PRINT_MODES } from './print-document';
import { useScreenPrintText } from './print-texts';

/** The dialog's fields as typed: the addresses as one text, the language picked. */
interface SendValues {
  to: string;
  language: DocumentLanguage;
}

/** What sends a document: where, and the area's check of the dialog's values (DocumentSendFormSchema). */
export interface DocumentSending {
  path: string;
  schema: v.GenericSchema<{ to?: string | null; language?: DocumentLanguage }, DocumentSendInput>;
}

/**
 * 'Send' beside the share buttons: a dialog with To (the customer's addresses, editable) and the
 * language (the one shown), which asks the API to mail the document's PDF (POST …/send). The
 * message goes through the outbox, so success means it is queued; Sent mail shows when it leaves.
 */
export function SendDocument({
  sending: { path, schema },
  language,
  documentName,
  email,
}: {
  /** POST address, e.g. /invoices/{id}/send (a statement's with its period in the query), and its check. */
  sending: DocumentSending;
  language: DocumentLanguage;
  /** 'Invoice INV-000042', in the dialog's title. */
  documentName: string;
  /** The customer's addresses, as kept: the dialog starts with them. */
  email: string | null | undefined;
}) {
  const t = useScreenPrintText();
  const [open, setOpen] = useState(false);
  const allowed = useAllowed('documents.send');
  if (!allowed) return null;
  const send = async (values: DocumentSendInput) => {
    const message = await api.post<Answer<OutboxMessage>>(path, values).then(dataOf);
    notifySuccess(t('sendQueued', { to: message.to }));
  };
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {t('send')}
      </Button>
      <SchemaFormDialog<SendValues, DocumentSendInput>
        open={open}
        title={t('sendTitle', { document: documentName })}
        mode="create"
        submitLabel={t('send')}
        // The dialog's values are one of the bodies the schema takes.
        schema={schema as v.GenericSchema<SendValues, DocumentSendInput>}
        defaultValues={{ to: email ?? '', language }}
        fields={[
          { name: 'to', label: t('sendTo'), kind: 'email', hint: t('sendToHint') },
          {
            name: 'language',
            label: t('sendLanguage'),
            kind: 'select',
            options: PRINT_MODES.map((mode) => ({
              value: mode,
              label: mode === 'both' ? t('bilingual') : LANGUAGE_NAMES[mode],
            })),
          },
        ]}
        onSubmit={send}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
