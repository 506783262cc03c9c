import { Stack, Text } from '@chakra-ui/react';
import { formatDay } from '@admin/shared/dates';
import { formatKd, isFils } from '@admin/shared/money';
import { MoneyText } from '../resource/money';
import { useKitT } from '../kit-texts';
import { useStatusLabel } from '../resource/status-chip';
import { formatDateTime, useAuditLabels } from './labels';

/** Fields whose values are money in fils, as the areas name them when they load (shareAuditMoneyFields). */
const MONEY_FIELDS = new Set<string>();

/** Adds an area's money fields: the trail shows their values in KD. */
export function shareAuditMoneyFields(fields: readonly string[]): void {
  for (const field of fields) MONEY_FIELDS.add(field);
}
/** Days travel as their UTC midnight; any other timestamp is a moment. */
const UTC_MIDNIGHT = /^\d{4}-\d{2}-\d{2}T00:00:00(\.0+)?Z$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Fields holding a code staff read as words ('invoice_payment' -> 'Invoice Payment'). */
const CODE_FIELDS: ReadonlySet<string> = new Set(['status', 'paymentType', 'role']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A reference by its name: { _id, customerName } -> the customer's name; the id only when it has no name. */
function referenceName(ref: Fields): string {
  const texts = Object.entries(ref).filter(([key, value]) => key !== '_id' && typeof value === 'string');
  const named = texts.find(([key]) => /(Name|Number)$/.test(key)) ?? texts[0];
  return String(named?.[1] ?? ref._id);
}

interface Line {
  product: unknown;
  quantity: unknown;
  unitPrice: unknown;
  discount?: unknown;
}
const isLine = (value: unknown): value is Line => isFields(value) && 'product' in value && 'quantity' in value;

/** A discount as '10%' or '0.500 KD'; null for a value that is not one. */
function discountText(discount: unknown): string | null {
  if (!isFields(discount)) return null;
  if (typeof discount.percent === 'number') return `${discount.percent}%`;
  return isFils(discount.amount) ? formatKd(discount.amount) : null;
}

/** An invoice line as 'Widget × 2 @ 1.500 KD', and ' − 10%' when it has a discount. */
function lineText({ product, quantity, unitPrice, discount }: Line): string {
  const name = isFields(product) ? referenceName(product) : String(product);
  const off = discountText(discount);
  return `${name} × ${String(quantity)} @ ${isFils(unitPrice) ? formatKd(unitPrice) : String(unitPrice)}${off ? ` − ${off}` : ''}`;
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A scalar value in words of the active language; days and moments day first, Western digits. */
function usePlainText(): (field: string, value: unknown) => string {
  const t = useKitT();
  const status = useStatusLabel();
  return (field, value) => {
    if (typeof value === 'boolean')
      return t(field === 'credit' ? (value ? 'audit.credit' : 'audit.cash') : value ? 'audit.yes' : 'audit.no');
    if (typeof value === 'number')
      return field === 'recurringPeriod' ? t('audit.months', { count: value }) : String(value);
    if (typeof value === 'string') {
      if (UTC_MIDNIGHT.test(value)) return formatDay(value);
      if (TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
      return CODE_FIELDS.has(field) ? status(value) : value;
    }
    return JSON.stringify(value);
  };
}

/** One field's value in its wire form, shown as the screens show it: KD, names, dates, lines. */
export function AuditValue({ field, value }: { field: string; value: unknown }) {
  const plainText = usePlainText();
  const labels = useAuditLabels();
  if (isEmpty(value)) {
    return (
      <Text as="span" color="fg.muted">
        —
      </Text>
    );
  }
  if (MONEY_FIELDS.has(field) && isFils(value)) return <MoneyText fils={value} />;
  if (Array.isArray(value)) {
    return (
      <Stack as="ul" gap="0" listStyleType="none" display="inline-flex">
        {value.map((item, i) => (
          <li key={i}>{isLine(item) ? <bdi>{lineText(item)}</bdi> : <AuditValue field={field} value={item} />}</li>
        ))}
      </Stack>
    );
  }
  if (isFields(value)) {
    if ('_id' in value) return <bdi>{referenceName(value)}</bdi>;
    const discount = field === 'discount' && discountText(value);
    if (discount) return <bdi>{discount}</bdi>;
    // A nested part (e.g. an invoice a payment settled): its own fields, labelled; bare ids mean nothing to staff.
    const parts = Object.entries(value).filter(([, item]) => !(typeof item === 'string' && UUID.test(item)));
    return (
      <Text as="span">
        {parts.map(([key, item], i) => (
          <Text as="span" key={key}>
            {i > 0 && ' · '}
            {labels.field(key)} <AuditValue field={key} value={item} />
          </Text>
        ))}
      </Text>
    );
  }
  return <bdi>{plainText(field, value)}</bdi>;
}
