import { useLocalizeMessage, useT } from '@admin/shared/i18n';
import { filsToKdString, type Fils } from '@admin/shared/money';
import {
  Box,
  Button,
  DeleteIcon,
  Field,
  FormField,
  Grid,
  HStack,
  IconButton,
  Input,
  PlusIcon,
  Text,
} from '@admin/shared/ui';
import {
  Controller,
  MoneyInput,
  MoneyText,
  OptionSelect,
  useFieldArray,
  useFormContext,
  useWatch,
  type UseFormReturn,
} from '@admin/shared/ui-kit';
import { useEffect, useState } from 'react';
import { SALES_NAMESPACE } from '../../i18n';
import {
  DISCOUNT_KINDS,
  emptyLine,
  hasDiscount,
  linesAmounts,
  noDiscount,
  toQuantity,
  type LinesFormValues,
} from './line-values';
import { ProductPicker } from './product-picker';

// A grid follows the document's direction: in Arabic the product comes first on the right.
const COLUMNS = { base: '1fr', md: 'minmax(0, 1fr) 5rem 7rem 10rem 7rem 2.5rem' };

/** The message the form holds at a dotted path ('products.0.product', 'totalAmount'). */
function errorAt(form: UseFormReturn<LinesFormValues>, path: string): string | undefined {
  let node: unknown = form.formState.errors;
  for (const key of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  return (node as { message?: string } | undefined)?.message;
}

/** A discount's message: the contract puts it on the discount or on its percent or amount. */
function discountErrorAt(form: UseFormReturn<LinesFormValues>, path: string): string | undefined {
  return errorAt(form, path) ?? errorAt(form, `${path}.percent`) ?? errorAt(form, `${path}.amount`);
}

/**
 * The product lines of an invoice or a schedule and their total: choosing a product fills the
 * unit price, quantities are whole numbers of at least 1, each line and the whole may have a
 * discount (% or KD), at least one line always remains, and the read-only figures (subtotal,
 * discount, total) are computed in exact fils as the API computes them.
 */
export function LinesEditor() {
  // Inside the document's form, seen through the lines alone.
  const form = useFormContext<LinesFormValues>();
  const t = useT(SALES_NAMESPACE);
  const localize = useLocalizeMessage();
  // Messages come from the contract in English; each is shown in the active language.
  const messageAt = (path: string) => {
    const message = errorAt(form, path);
    return message && localize(message);
  };
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'products' });
  const lines = useWatch({ control: form.control, name: 'products' }) ?? [];
  const discount = useWatch({ control: form.control, name: 'discount' }) ?? noDiscount();
  const amounts = linesAmounts({ products: lines, discount });
  const listError = messageAt('products');
  const discountMessageAt = (path: string) => {
    const message = discountErrorAt(form, path);
    return message && localize(message);
  };
  const invoiceDiscountMessage = discountMessageAt('discount');

  return (
    <Box>
      <Text fontWeight="medium" mb="2">
        {t('lines.title')}
      </Text>
      <Grid templateColumns={COLUMNS} gap="2" hideBelow="md" color="fg.muted" fontSize="sm" aria-hidden>
        <Text>{t('lines.product')}</Text>
        <Text>{t('lines.quantity')}</Text>
        <Text>{t('lines.unitPrice')}</Text>
        <Text>{t('lines.discount')}</Text>
        <Text textAlign="end">{t('lines.lineTotal')}</Text>
      </Grid>
      {fields.map((field, i) => {
        const line = lines[i] ?? field;
        const n = i + 1;
        return (
          <Grid
            key={field.id}
            templateColumns={COLUMNS}
            gap="2"
            py="1.5"
            alignItems="start"
            role="group"
            aria-label={t('lines.line', { n })}
          >
            <Field.Root invalid={Boolean(errorAt(form, `products.${i}.product`))}>
              <NarrowLabel>{t('lines.product')}</NarrowLabel>
              <Controller
                control={form.control}
                name={`products.${i}.product`}
                render={({ field: f }) => (
                  <ProductPicker
                    aria-label={t('lines.productOf', { n })}
                    value={f.value}
                    valueLabel={line.productName}
                    invalid={Boolean(errorAt(form, `products.${i}.product`))}
                    onBlur={f.onBlur}
                    onChange={(product) => {
                      f.onChange(product?._id ?? '');
                      form.setValue(`products.${i}.productName`, product?.productName ?? '');
                      if (product) {
                        form.setValue(`products.${i}.unitPrice`, product.productPrice, {
                          shouldValidate: form.formState.isSubmitted,
                        });
                      }
                    }}
                  />
                )}
              />
              <Field.ErrorText>{messageAt(`products.${i}.product`)}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errorAt(form, `products.${i}.quantity`))}>
              <NarrowLabel>{t('lines.quantity')}</NarrowLabel>
              <Controller
                control={form.control}
                name={`products.${i}.quantity`}
                render={({ field: f }) => (
                  <QuantityInput
                    aria-label={t('lines.quantityOf', { n })}
                    value={f.value}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                  />
                )}
              />
              <Field.ErrorText>{messageAt(`products.${i}.quantity`)}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errorAt(form, `products.${i}.unitPrice`))}>
              <NarrowLabel>{t('lines.unitPrice')}</NarrowLabel>
              <Controller
                control={form.control}
                name={`products.${i}.unitPrice`}
                render={({ field: f }) => (
                  <MoneyInput
                    aria-label={t('lines.unitPriceOf', { n })}
                    placeholder="0.000"
                    value={f.value}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                  />
                )}
              />
              <Field.ErrorText>{messageAt(`products.${i}.unitPrice`)}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(discountErrorAt(form, `products.${i}.discount`))}>
              <NarrowLabel>{t('lines.discount')}</NarrowLabel>
              <DiscountInputs
                path={`products.${i}.discount`}
                kindLabel={t('lines.discountKindOf', { n })}
                valueLabel={t('lines.discountOf', { n })}
              />
              <Field.ErrorText>{discountMessageAt(`products.${i}.discount`)}</Field.ErrorText>
            </Field.Root>
            <LineTotal
              fils={linesAmounts({ products: [line], discount: noDiscount() })?.total ?? null}
              label={t('lines.lineTotalOf', { n })}
              heading={t('lines.lineTotal')}
            />
            <IconButton
              aria-label={t('lines.remove', { n })}
              variant="ghost"
              colorPalette="red"
              disabled={fields.length === 1}
              onClick={() => remove(i)}
            >
              <DeleteIcon />
            </IconButton>
          </Grid>
        );
      })}
      {listError && (
        <Text color="fg.error" fontSize="sm">
          {listError}
        </Text>
      )}
      <Button size="sm" variant="outline" mt="2" onClick={() => append(emptyLine())}>
        <PlusIcon /> {t('lines.add')}
      </Button>
      <Box mt="4" maxW="xs" ms="auto" display="grid" gap="3">
        <Field.Root invalid={Boolean(discountErrorAt(form, 'discount'))}>
          {/* Each box has its own name; this heading is what sighted staff read. */}
          <Text fontSize="sm" fontWeight="medium" aria-hidden>
            {t('lines.invoiceDiscount')}
          </Text>
          <DiscountInputs
            path="discount"
            kindLabel={t('lines.invoiceDiscountKind')}
            valueLabel={t('lines.invoiceDiscount')}
          />
          <Field.ErrorText>{invoiceDiscountMessage}</Field.ErrorText>
        </Field.Root>
        {hasDiscount({ products: lines, discount }) && (
          <>
            <Figure label={t('lines.subtotal')} fils={amounts?.subtotal ?? null} />
            <Figure label={t('lines.discountTotal')} fils={amounts?.allDiscounts ?? null} />
          </>
        )}
        <Figure label={t('lines.total')} fils={amounts?.total ?? null} error={errorAt(form, 'totalAmount')} strong />
      </Box>
    </Box>
  );
}

/** A read-only figure of the whole, in KD (an amount reads left to right in Arabic too). */
function Figure({
  label,
  fils,
  error,
  strong,
}: {
  label: string;
  fils: Fils | null;
  error?: string;
  strong?: boolean;
}) {
  return (
    <FormField label={label} error={error}>
      <Input
        readOnly
        dir="ltr"
        value={fils === null ? '' : filsToKdString(fils)}
        placeholder="0.000"
        textAlign="end"
        fontWeight={strong ? 'semibold' : undefined}
      />
    </FormField>
  );
}

/** A discount's two boxes: its kind (% or KD) and its value, each with its own accessible name. */
function DiscountInputs({
  path: name,
  kindLabel,
  valueLabel,
}: {
  path: 'discount' | `products.${number}.discount`;
  kindLabel: string;
  valueLabel: string;
}) {
  const form = useFormContext<LinesFormValues>();
  const t = useT(SALES_NAMESPACE);
  return (
    <HStack gap="1" align="start">
      <Controller
        control={form.control}
        name={`${name}.kind`}
        render={({ field }) => (
          <OptionSelect
            aria-label={kindLabel}
            root={{ width: '4.5rem', flexShrink: 0 }}
            options={DISCOUNT_KINDS.map((kind) => ({ value: kind, label: t(`lines.discountKinds.${kind}`) }))}
            {...field}
          />
        )}
      />
      <Input
        aria-label={valueLabel}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        placeholder="0"
        {...form.register(`${name}.value`)}
      />
    </HStack>
  );
}

interface QuantityInputProps {
  value: number;
  onChange: (quantity: number) => void;
  onBlur: () => void;
  'aria-label': string;
}

/**
 * A whole number from 1: text that is not a number counts 1 and shows 1 on leaving the box; a
 * number the contract refuses stays, so its message shows under it.
 */
function QuantityInput({ value, onChange, onBlur, ...aria }: QuantityInputProps) {
  const [text, setText] = useState(String(value));
  // A value set from outside (a reset) replaces the text.
  useEffect(() => {
    setText((current) => (toQuantity(current) === value ? current : String(value)));
  }, [value]);
  return (
    <Input
      {...aria}
      inputMode="numeric"
      autoComplete="off"
      dir="ltr"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(toQuantity(e.target.value));
      }}
      onBlur={() => {
        setText(String(value));
        onBlur();
      }}
    />
  );
}

/** The column headings sit above the lines on wide screens; on narrow ones each box keeps its label. */
function NarrowLabel({ children }: { children: string }) {
  return (
    <Text hideFrom="md" fontSize="sm" fontWeight="medium" aria-hidden>
      {children}
    </Text>
  );
}

/** A line's quantity × unit price, or a dash while its price or quantity is not accepted; `heading` shows on narrow screens. */
function LineTotal({ fils, label, heading }: { fils: Fils | null; label: string; heading: string }) {
  return (
    <Box as="output" display="block" textAlign="end" pt="2" aria-label={label}>
      <Text as="span" hideFrom="md" color="fg.muted" fontSize="sm" me="2" aria-hidden>
        {heading}
      </Text>
      {fils === null ? '—' : <MoneyText fils={fils} />}
    </Box>
  );
}
