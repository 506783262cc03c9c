import { useT } from '@admin/shared/i18n';
import { ConfiguredField, type UseFormReturn } from '@admin/shared/ui-kit';
import { SALES_NAMESPACE } from '../i18n';
import type { LinesFormValues } from './line-values';
import { LinesEditor } from './lines-editor';

/** The part of an invoice or schedule form that ends it: its product lines, then its notes. */
export interface LinesAndNotesValues extends LinesFormValues {
  notes: string;
}

export function LinesAndNotes({ form }: { form: UseFormReturn<LinesAndNotesValues> }) {
  const t = useT(SALES_NAMESPACE);
  return (
    <>
      {/* The editor needs only the lines; the document's other fields are invisible to it. */}
      <LinesEditor form={form as unknown as UseFormReturn<LinesFormValues>} />
      <ConfiguredField form={form} field={{ name: 'notes', label: t('fields.notes'), kind: 'textarea' }} />
    </>
  );
}
