import { OptionSelect, type Option } from './option-select';

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
    <OptionSelect
      root={{ width: 'auto', minW: '160px' }}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={[{ value: '', label: allLabel }, ...options]}
    />
  );
}
