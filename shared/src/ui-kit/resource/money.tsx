import { Input, Text, type InputProps, type TextProps } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { filsToKdString, formatKd, parseKd } from '@admin/shared/money';

/** An amount in fils shown as '1.500 KD'. */
export function MoneyText({ fils, ...props }: { fils: number | null | undefined } & TextProps) {
  return (
    <Text as="span" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" {...props}>
      {formatKd(fils)}
    </Text>
  );
}

export interface MoneyInputProps extends Omit<InputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** Fils, or null when the box is empty or holds something that is not an amount. */
  value: number | null | undefined;
  onChange: (fils: number | null) => void;
}

/**
 * A KD text box: staff type '12.5', the form holds 12500 fils. Typing is never reformatted under
 * the cursor; the text is tidied to 3 decimals when the box loses focus.
 */
export function MoneyInput({ value, onChange, onBlur, ...props }: MoneyInputProps) {
  const [text, setText] = useState(() => (value == null ? '' : filsToKdString(value)));

  // A value set from outside (reset, a chosen product's price) replaces the text.
  useEffect(() => {
    setText((current) => (parseKd(current) === (value ?? null) ? current : value == null ? '' : filsToKdString(value)));
  }, [value]);

  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      {...props}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseKd(e.target.value));
      }}
      onBlur={(e) => {
        const fils = parseKd(text);
        if (fils !== null) setText(filsToKdString(fils));
        onBlur?.(e);
      }}
    />
  );
}
