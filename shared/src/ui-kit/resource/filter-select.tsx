import { NativeSelect } from '@chakra-ui/react';
import type { Option } from './fields';

export interface FilterSelectProps {
  /** Accessible name, e.g. 'Status'. */
  label: string;
  /** The "no filter" choice, e.g. 'All Status'. */
  allLabel: string;
  options: Option[];
  value: string;
  onChange: (value: string) => void;
}

export function FilterSelect({ label, allLabel, options, value, onChange }: FilterSelectProps) {
  return (
    <NativeSelect.Root width="auto" minW="160px">
      <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
