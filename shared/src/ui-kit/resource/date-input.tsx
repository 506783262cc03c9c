import { Input, type InputProps } from '@chakra-ui/react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { addDays, businessToday, formatDay, isDay, parseDayText } from '@admin/shared/dates';
import { useKitT } from '../kit-texts';

export interface DateInputProps extends Omit<InputProps, 'value' | 'onChange' | 'defaultValue' | 'type'> {
  /** The day 'YYYY-MM-DD', '' when empty, or the text typed while it names no day. */
  value: string | undefined;
  onChange: (value: string) => void;
}

const textOf = (value: string | undefined) => (value && isDay(value) ? formatDay(value) : (value ?? ''));

/**
 * A date box in the product's format, dd/mm/yyyy, whatever the browser's locale (a native date
 * input follows the browser's, e.g. mm/dd/yyyy). Staff type the day; ArrowUp/ArrowDown move it by
 * a day and PageUp/PageDown by a week, from today when the box is empty.
 * The form holds the day as 'YYYY-MM-DD'; text that names no day is held as typed, so the
 * field's schema refuses it under the box. The day reads left to right in Arabic too (dd/mm/yyyy,
 * Western digits), like every date the product shows.
 */
export function DateInput({ value, onChange, onBlur, readOnly, ...props }: DateInputProps) {
  const t = useKitT();
  const [text, setText] = useState(() => textOf(value));

  // A value set from outside (reset, a default) replaces the text.
  useEffect(() => {
    setText((current) => (dayValueOf(current) === (value ?? '') ? current : textOf(value)));
  }, [value]);

  const step = (event: KeyboardEvent<HTMLInputElement>) => {
    const days = { ArrowUp: 1, ArrowDown: -1, PageUp: 7, PageDown: -7 }[event.key];
    if (days === undefined || readOnly) return;
    event.preventDefault();
    const current = parseDayText(text);
    const next = current ? addDays(current, days) : businessToday();
    setText(formatDay(next));
    onChange(next);
  };

  return (
    <Input
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('date.placeholder')}
      dir="ltr"
      readOnly={readOnly}
      {...props}
      value={text}
      onKeyDown={step}
      onChange={(e) => {
        setText(e.target.value);
        onChange(dayValueOf(e.target.value));
      }}
      onBlur={(e) => {
        const day = parseDayText(text);
        if (day) setText(formatDay(day));
        onBlur?.(e);
      }}
    />
  );
}

/** The form value of a date box's text: the day, '' when empty, the text itself while it names no day. */
function dayValueOf(text: string): string {
  if (text.trim() === '') return '';
  return parseDayText(text) ?? text;
}
