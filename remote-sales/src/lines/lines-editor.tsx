import { filsToKdString } from '@admin/shared/money';
import { Box, Button, DeleteIcon, Field, FormField, Grid, IconButton, Input, PlusIcon, Text } from '@admin/shared/ui';
import { Controller, MoneyInput, MoneyText, useFieldArray, useWatch, type UseFormReturn } from '@admin/shared/ui-kit';
import { useEffect, useState } from 'react';
import { emptyLine, linesTotal, toQuantity, type LinesFormValues } from './line-values';
import { ProductPicker } from './product-picker';

const COLUMNS = { base: '1fr', md: 'minmax(0, 1fr) 6rem 8rem 7rem 2.5rem' };

/** The message the form holds at a dotted path ('products.0.product', 'totalAmount'). */
function errorAt(form: UseFormReturn<LinesFormValues>, path: string): string | undefined {
  let node: unknown = form.formState.errors;
  for (const key of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  return (node as { message?: string } | undefined)?.message;
}

/**
 * The product lines of an invoice or a schedule and their total: choosing a product fills the
 * unit price, quantities are whole numbers of at least 1, at least one line always remains, and
 * the read-only total is the exact sum in fils.
 */
export function LinesEditor({ form }: { form: UseFormReturn<LinesFormValues> }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'products' });
  const lines = useWatch({ control: form.control, name: 'products' }) ?? [];
  const total = linesTotal(lines);
  const listError = errorAt(form, 'products');

  return (
    <Box>
      <Text fontWeight="medium" mb="2">
        Products
      </Text>
      <Grid templateColumns={COLUMNS} gap="2" hideBelow="md" color="fg.muted" fontSize="sm" aria-hidden>
        <Text>Product</Text>
        <Text>Quantity</Text>
        <Text>Unit Price (KD)</Text>
        <Text textAlign="end">Line Total</Text>
      </Grid>
      {fields.map((field, i) => {
        const line = lines[i] ?? field;
        const n = i + 1;
        return (
          <Grid key={field.id} templateColumns={COLUMNS} gap="2" py="1.5" alignItems="start" role="group" aria-label={`Line ${n}`}>
            <Field.Root invalid={Boolean(errorAt(form, `products.${i}.product`))}>
              <NarrowLabel>Product</NarrowLabel>
              <Controller
                control={form.control}
                name={`products.${i}.product`}
                render={({ field: f }) => (
                  <ProductPicker
                    aria-label={`Product (line ${n})`}
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
              <Field.ErrorText>{errorAt(form, `products.${i}.product`)}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errorAt(form, `products.${i}.quantity`))}>
              <NarrowLabel>Quantity</NarrowLabel>
              <Controller
                control={form.control}
                name={`products.${i}.quantity`}
                render={({ field: f }) => (
                  <QuantityInput aria-label={`Quantity (line ${n})`} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />
                )}
              />
              <Field.ErrorText>{errorAt(form, `products.${i}.quantity`)}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errorAt(form, `products.${i}.unitPrice`))}>
              <NarrowLabel>Unit Price (KD)</NarrowLabel>
              <Controller
                control={form.control}
                name={`products.${i}.unitPrice`}
                render={({ field: f }) => (
                  <MoneyInput
                    aria-label={`Unit price (line ${n})`}
                    placeholder="0.000"
                    value={f.value}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                  />
                )}
              />
              <Field.ErrorText>{errorAt(form, `products.${i}.unitPrice`)}</Field.ErrorText>
            </Field.Root>
            <LineTotal fils={linesTotal([line])} n={n} />
            <IconButton
              aria-label={`Remove line ${n}`}
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
        <PlusIcon /> Add Line
      </Button>
      <Box mt="4" maxW="xs" ms="auto">
        <FormField label="Total Amount (KD)" error={errorAt(form, 'totalAmount')}>
          <Input readOnly value={total === null ? '' : filsToKdString(total)} placeholder="0.000" textAlign="end" fontWeight="semibold" />
        </FormField>
      </Box>
    </Box>
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

/** A line's quantity × unit price, or a dash while its price or quantity is not accepted. */
function LineTotal({ fils, n }: { fils: number | null; n: number }) {
  return (
    <Box as="output" display="block" textAlign="end" pt="2" aria-label={`Line total (line ${n})`}>
      <Text as="span" hideFrom="md" color="fg.muted" fontSize="sm" me="2" aria-hidden>
        Line Total
      </Text>
      {fils === null ? '—' : <MoneyText fils={fils} />}
    </Box>
  );
}
