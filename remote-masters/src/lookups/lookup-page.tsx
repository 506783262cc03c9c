import type { GenericSchema } from 'valibot';
import { permissionsOfGroup, type AuditEntityType } from '@admin/shared/contract';
import type { Resource } from '@admin/shared/query';
import { createdDateColumn, ResourceScreen, type ResourceFormConfig } from '@admin/shared/ui-kit';
import { useMastersT, type Translate } from '../i18n';

/** A row of a name-only master: its id, its one name field (kindName, cityName…) and when it was made. */
export type LookupRow<K extends string> = { _id: string; createdAt: string } & Record<K, string>;
export type LookupValues<K extends string> = Record<K, string>;

/** Keys of the area's catalogue for one name-only master screen's texts. */
export interface LookupTexts {
  title: string;
  /** The record in toasts: '<noun> created successfully', 'Failed to create <noun in lower case>'. */
  noun: string;
  addLabel: string;
  searchPlaceholder: string;
  emptyText: string;
  /** Header of the name column and label of the dialog's one field. */
  nameLabel: string;
  dialogTitles: { create: string; edit: string };
}

export interface LookupDefinition<K extends string> {
  /** The contract's description: API path, name field and the schema with its messages. */
  lookup: { nameField: K; schema: GenericSchema<LookupValues<K>, LookupValues<K>> };
  resource: Resource<LookupRow<K>, LookupValues<K>>;
  texts: LookupTexts;
  /** What its entries in the audit log are about (the row's History). */
  history: AuditEntityType;
}

/** The add/edit dialog of a name-only master: one name field, validated by the contract schema; `t` gives its texts. */
export function lookupForm<K extends string>(
  { lookup, texts }: Pick<LookupDefinition<K>, 'lookup' | 'texts'>,
  t: Translate,
): ResourceFormConfig<LookupRow<K>, LookupValues<K>, LookupValues<K>> {
  const { nameField, schema } = lookup;
  const values = (name: string) => ({ [nameField]: name }) as LookupValues<K>;
  return {
    titles: { create: t(texts.dialogTitles.create), edit: t(texts.dialogTitles.edit) },
    schema,
    empty: () => values(''),
    fromRow: (row) => values(row[nameField]),
    fields: [{ name: nameField as never, label: t(texts.nameLabel), required: true, placeholder: t(texts.nameLabel) }],
  };
}

/**
 * One list screen for any of the four name-only masters (types, kinds, nationalities, cities):
 * the same screen, configured with each one's texts, field and API path.
 */
export function createLookupPage<K extends string>(definition: LookupDefinition<K>) {
  const { lookup, resource, texts, history } = definition;
  function LookupPage() {
    const t = useMastersT();
    return (
      <ResourceScreen<LookupRow<K>, LookupValues<K>, LookupValues<K>>
        resource={resource}
        title={t(texts.title)}
        noun={t(texts.noun)}
        addLabel={t(texts.addLabel)}
        searchPlaceholder={t(texts.searchPlaceholder)}
        emptyText={t(texts.emptyText)}
        columns={[
          { header: t(texts.nameLabel), cell: (row) => row[lookup.nameField], sort: 'name' },
          createdDateColumn(t('lookups.columns.created')),
        ]}
        itemName={(row) => row[lookup.nameField]}
        // The four name-only masters share one set of permissions.
        permissions={permissionsOfGroup('lookups')}
        form={lookupForm(definition, t)}
        history={history}
      />
    );
  }
  LookupPage.displayName = `LookupPage(${texts.title})`;
  return LookupPage;
}
