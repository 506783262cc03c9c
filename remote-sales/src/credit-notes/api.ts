import { RESOURCES, type CreditNote } from '@admin/shared/contract';
import { createResource, recordQuery } from '@admin/shared/query';

/** The credit notes' list (read only: issued credit notes are never edited or deleted). */
export const creditNotes = createResource<CreditNote>(RESOURCES.creditNotes);

/** One credit note, for its printable view. */
export const creditNoteQuery = (id: string) => recordQuery<CreditNote>(RESOURCES.creditNotes, id);
