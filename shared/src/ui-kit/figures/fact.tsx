import { Box, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface FactProps {
  label: ReactNode;
  /** The value, e.g. a `MoneyText`. */
  children: ReactNode;
  /** A fact among others read quietly (a record's details): the label muted, the value in figures' digits. */
  quiet?: boolean;
}

/** One line of facts: the label at the start, the value at the end (a breakdown's total, a record's number). */
export function Fact({ label, children, quiet = false }: FactProps) {
  return (
    <HStack justify="space-between">
      <Text color={quiet ? 'fg.muted' : undefined}>{label}</Text>
      <Text fontWeight="medium" fontVariantNumeric="tabular-nums">
        {children}
      </Text>
    </HStack>
  );
}

/** One figure in a bordered box: its label above, the value under it (a balance, a total). */
export function FigureBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box borderWidth="1px" rounded="md" p="3">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      {children}
    </Box>
  );
}
