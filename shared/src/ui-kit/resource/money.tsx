import { Input, Text, type InputProps, type TextProps } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useLanguage } from '@admin/shared/i18n';
import { filsToKdString, formatKd, parseKd, type Fils } from '@admin/shared/money';

/** An amount in fils shown as '1.500 KD' ('1.500 د.ك' in Arabic), read left to right and isolated from the text around it. */
export function MoneyText({ fils, ...props }: { fils: Fils | null | undefined } & TextProps) {
  const language = useLanguage(); // re-rendered in the new currency as soon as the language switches
  return (
    <Text as="span" dir="ltr" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" {...props}>
      {formatKd(fils, language)}
    </Text>
  );
}

/**
 * What a KD box holds in a form: fils once the text is an exact amount, the text itself while it
 * is not (so the contract's money schema can say what is wrong with it), null while it is empty.
 */
export type MoneyValue = Fils | string | null;

export interface MoneyInputProps extends Omit<InputProps, 'value' | 'onChange' | 'defaultValue'> {
  value: MoneyValue | undefined;
  onChange: (value: MoneyValue) => void;
}

/** The form value of a KD box's text: fils, the text when it is not an amount, null when empty. */
export function moneyValueOf(text: string): MoneyValue {
  if (text.trim() === '') return null;
  return parseKd(text) ?? text;
}

const textOf = (value: MoneyValue | undefined) =>
  value == null ? '' : typeof value === 'number' ? filsToKdString(value) : value;

/**
 * A KD text box: staff type '12.5' (or '١٢٫٥'), the form holds 12500 fils. Typing is never
 * reformatted under the cursor; the text is tidied to 3 decimals when the box loses focus. The
 * amount reads left to right in Arabic too.
 */
export function MoneyInput({ value, onChange, onBlur, ...props }: MoneyInputProps) {
  const [text, setText] = useState(() => textOf(value));

  // A value set from outside (reset, a chosen product's price) replaces the text.
  useEffect(() => {
    setText((current) => (moneyValueOf(current) === (value ?? null) ? current : textOf(value)));
  }, [value]);

  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      dir="ltr"
      {...props}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(moneyValueOf(e.target.value));
      }}
      onBlur={(e) => {
        const fils = parseKd(text);
        if (fils !== null) setText(filsToKdString(fils));
        onBlur?.(e);
      }}
    />
  );
}
