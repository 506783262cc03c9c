import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormField, Input, NativeSelect, Stack, useDebounced } from '@admin/shared/ui';
import { customerSearchQuery } from './api';

export interface CustomerPickerProps {
  value: string;
  onChange: (customerId: string) => void;
  error?: string;
}

/**
 * The customer of a payment: staff type part of a name and choose from the server's matches, so
 * the right customer is found however many there are.
 */
export function CustomerPicker({ value, onChange, error }: CustomerPickerProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ _id: string; customerName: string } | null>(null);
  // The last matches stay listed while the next search runs.
  const matches = useQuery({ ...customerSearchQuery(useDebounced(search)), placeholderData: keepPreviousData }).data ?? [];
  // The chosen customer stays a choice while staff search for another.
  const options = chosen && !matches.some((c) => c._id === chosen._id) ? [chosen, ...matches] : matches;
  return (
    <FormField label="Customer" error={error} required>
      <Stack gap="2">
        <Input type="search" aria-label="Search customers" placeholder="Type to search customers..." value={search} onChange={(e) => setSearch(e.target.value)} />
        <NativeSelect.Root>
          <NativeSelect.Field
            aria-label="Customer"
            value={value}
            onChange={(e) => {
              setChosen(options.find((c) => c._id === e.target.value) ?? null);
              onChange(e.target.value);
            }}
          >
            <option value="">Select customer</option>
            {options.map((c) => (
              <option key={c._id} value={c._id}>
                {c.customerName}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Stack>
    </FormField>
  );
}
