import { HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { isDay } from '@admin/shared/dates';
import { useKitT } from '../kit-texts';
import { DateInput } from './date-input';

const BOUNDS = ['from', 'to'] as const;

/**
 * A day that filters a list or a report: its label, its box, and, once staff leave a box whose text
 * names no day (31/02/2026), 'Enter a real date (dd/mm/yyyy)' under it instead of a filter quietly
 * left as it was. `onChange` hears only whole days, or '' when the box is cleared.
 */
export function DayFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (day: string) => void;
}) {
  const t = useKitT();
  const [named, setNamed] = useState(true);
  const [told, setTold] = useState(false);
  const errorId = `${id}-error`;
  return (
    <Stack gap="0.5">
      <HStack gap="1">
        <Text asChild fontSize="sm" color="fg.muted">
          <label htmlFor={id}>{label}</label>
        </Text>
        <DateInput
          id={id}
          width="9.5rem"
          value={value}
          aria-invalid={told || undefined}
          aria-describedby={told ? errorId : undefined}
          onChange={(day) => {
            const whole = day === '' || isDay(day);
            setNamed(whole);
            if (whole) {
              setTold(false);
              onChange(day);
            }
          }}
          onBlur={() => setTold(!named)}
        />
      </HStack>
      {told && (
        <Text id={errorId} fontSize="xs" color="fg.error">
          {t('date.notReal')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * From and To boxes of a list's date filter, each held in the address (?from=…&to=…) once it names
 * a whole day; clearing a box drops it.
 */
export function DateRangeFilter({
  from,
  to,
  onChange,
}: {
  from?: string;
  to?: string;
  onChange: (name: 'from' | 'to', day: string) => void;
}) {
  const t = useKitT();
  const days = { from, to };
  return (
    <HStack gap="2" wrap="wrap" align="start">
      {BOUNDS.map((name) => (
        <DayFilter
          key={name}
          id={`list-${name}`}
          label={t(`filter.${name}`)}
          value={days[name]}
          onChange={(day) => onChange(name, day)}
        />
      ))}
    </HStack>
  );
}
