import { NativeSelect } from '@chakra-ui/react';
import type { Ref } from 'react';

export interface Option {
  value: string;
  label: string;
}

export type OptionSelectProps = NativeSelect.FieldProps & {
  options: Option[];
  /** The box around the select: its size and width. */
  root?: NativeSelect.RootProps;
  /** The select itself, for a form that moves the focus to a refused field. */
  ref?: Ref<HTMLSelectElement>;
};

/** The browser's own select of `options`, drawn as the kit's boxes are; the rest goes to the select itself. */
export function OptionSelect({ options, root, ...select }: OptionSelectProps) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field {...select}>
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
