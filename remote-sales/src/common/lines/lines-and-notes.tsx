import { useT } from '@admin/shared/i18n';
import { ConfiguredField, useFormContext } from '@admin/shared/ui-kit';
import { SALES_NAMESPACE } from '../../i18n';
import type { LinesFormValues } from './line-values';
import { LinesEditor } from './lines-editor';

/** The part of an invoice or schedule form that ends it: its product lines, then its notes. */
export interface LinesAndNotesValues extends LinesFormValues {
  notes: string;
}

/** Inside the document's form (a `DialogFormBody`), which it sees through its own fields only. */
export function LinesAndNotes() {
  const t = useT(SALES_NAMESPACE);
  const form = useFormContext<LinesAndNotesValues>();
  return (
    <>
      <LinesEditor />
      <ConfiguredField form={form} field={{ name: 'notes', label: t('fields.notes'), kind: 'textarea' }} />
    </>
  );
}
