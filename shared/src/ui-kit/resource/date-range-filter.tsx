import { HStack, Text } from '@chakra-ui/react';
import { isDay } from '@admin/shared/dates';
import { DateInput } from './date-input';

/**
 * From and To boxes of a list's date filter, each held in the address (?from=…&to=…) once it names
 * a whole day; clearing a box drops it.
 */
export function DateRangeFilter({ from, to, onChange }: { from?: string; to?: string; onChange: (name: 'from' | 'to', day: string) => void }) {
  const box = (name: 'from' | 'to', label: string, value?: string) => (
    <HStack gap="1">
      <Text asChild fontSize="sm" color="fg.muted">
        <label htmlFor={`list-${name}`}>{label}</label>
      </Text>
      <DateInput
        id={`list-${name}`}
        width="9.5rem"
        value={value}
        onChange={(day) => {
          if (day === '' || isDay(day)) onChange(name, day);
        }}
      />
    </HStack>
  );
  return (
    <HStack gap="2" wrap="wrap">
      {box('from', 'From', from)}
      {box('to', 'To', to)}
    </HStack>
  );
}
