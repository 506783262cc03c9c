import type { GenericSchema } from 'valibot';
import { permissionsOfGroup, type AuditEntityType } from '@admin/shared/contract';
import type { Resource } from '@admin/shared/query';
import {
  createdDateColumn,
  emptyToNull,
  formSchema,
  ResourceScreen,
  type ResourceFormConfig,
} from '@admin/shared/ui-kit';
import { useMastersT, type Translate } from '../i18n';

/**
 * A row of a lookup master: its id, its name field (kindName, cityName…), for some a second,
 * optional name (a bank's Arabic name), and when it was made.
 */
export type LookupRow<K extends string, A extends string = never> = { _id: string; createdAt: string } & Record<
  K,
  string
> &
  Partial<Record<A, string | null>>;
/** The dialog's values: every name as typed ('' for an empty second name). */
export type LookupValues<K extends string, A extends string = never> = Record<K | A, string>;
/** The request: the second name null when left empty. */
export type LookupInput<K extends string, A extends string = never> = Record<K, string> &
  Partial<Record<A, string | null>>;

/** Keys of the area's catalogue for one name-only master screen's texts. */
export interface LookupTexts {
  title: string;
  /** The record in toasts: '<noun> created successfully', 'Failed to create <noun in lower case>'. */
  noun: string;
  addLabel: string;
  searchPlaceholder: string;
  emptyText: string;
  /** Header of the name column and label of the dialog's name field. */
  nameLabel: string;
  /** The same for the second name, for a master that has one. */
  alternateNameLabel?: string;
  dialogTitles: { create: string; edit: string };
}

export interface LookupDefinition<K extends string, A extends string = never> {
  /** The contract's description: API path, name field (and second name field) and the schema with its messages. */
  lookup: {
    nameField: K;
    alternateNameField?: A;
    schema: GenericSchema<LookupInput<K, A>, LookupInput<K, A>>;
  };
  resource: Resource<LookupRow<K, A>, LookupInput<K, A>>;
  texts: LookupTexts;
  /** What its entries in the audit log are about (the row's History). */
  history: AuditEntityType;
}

/** The add/edit dialog of a lookup master: its name (and second name), validated by the contract schema; `t` gives its texts. */
export function lookupForm<K extends string, A extends string = never>(
  { lookup, texts }: Pick<LookupDefinition<K, A>, 'lookup' | 'texts'>,
  t: Translate,
): ResourceFormConfig<LookupRow<K, A>, LookupValues<K, A>, LookupInput<K, A>> {
  const { nameField, alternateNameField, schema } = lookup;
  const values = (name: string, alternate: string | null | undefined) =>
    ({ [nameField]: name, ...(alternateNameField ? { [alternateNameField]: alternate ?? '' } : {}) }) as LookupValues<
      K,
      A
    >;
  const request = (form: LookupValues<K, A>) =>
    (alternateNameField
      ? { ...form, [alternateNameField]: emptyToNull(form[alternateNameField]) }
      : form) as LookupInput<K, A>;
  return {
    titles: { create: t(texts.dialogTitles.create), edit: t(texts.dialogTitles.edit) },
    schema: formSchema(request, schema),
    empty: () => values('', ''),
    fromRow: (row) => values(row[nameField], alternateNameField && row[alternateNameField]),
    fields: [
      { name: nameField as never, label: t(texts.nameLabel), required: true, placeholder: t(texts.nameLabel) },
      ...(alternateNameField && texts.alternateNameLabel
        ? [{ name: alternateNameField as never, label: t(texts.alternateNameLabel) }]
        : []),
    ],
  };
}

/**
 * One list screen for any lookup master (types, kinds, nationalities, cities, banks): the same
 * screen, configured with each one's texts, fields and API path.
 */
export function createLookupPage<K extends string, A extends string = never>(definition: LookupDefinition<K, A>) {
  const { lookup, resource, texts, history } = definition;
  const alternate = lookup.alternateNameField;
  function LookupPage() {
    const t = useMastersT();
    return (
      <ResourceScreen<LookupRow<K, A>, LookupValues<K, A>, LookupInput<K, A>>
        resource={resource}
        title={t(texts.title)}
        noun={t(texts.noun)}
        addLabel={t(texts.addLabel)}
        searchPlaceholder={t(texts.searchPlaceholder)}
        emptyText={t(texts.emptyText)}
        columns={[
          { header: t(texts.nameLabel), cell: (row) => row[lookup.nameField], sort: 'name' },
          ...(alternate && texts.alternateNameLabel
            ? [{ header: t(texts.alternateNameLabel), cell: (row: LookupRow<K, A>) => row[alternate] }]
            : []),
          createdDateColumn(t('lookups.columns.created')),
        ]}
        itemName={(row) => row[lookup.nameField]}
        // The lookup masters share one set of permissions.
        permissions={permissionsOfGroup('lookups')}
        form={lookupForm(definition, t)}
        history={history}
      />
    );
  }
  LookupPage.displayName = `LookupPage(${texts.title})`;
  return LookupPage;
}
