import { HStack, Text } from '@chakra-ui/react';
import { isDay } from '@admin/shared/dates';
import { useKitT } from '../kit-texts';
import { DateInput } from './date-input';

const BOUNDS = ['from', 'to'] as const;

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
    <HStack gap="2" wrap="wrap">
      {BOUNDS.map((name) => (
        <HStack key={name} gap="1">
          <Text asChild fontSize="sm" color="fg.muted">
            <label htmlFor={`list-${name}`}>{t(`filter.${name}`)}</label>
          </Text>
          <DateInput
            id={`list-${name}`}
            width="9.5rem"
            value={days[name]}
            onChange={(day) => {
              if (day === '' || isDay(day)) onChange(name, day);
            }}
          />
        </HStack>
      ))}
    </HStack>
  );
}
