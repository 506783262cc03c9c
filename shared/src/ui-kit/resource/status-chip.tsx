import { Badge } from '@chakra-ui/react';
import { useKitT } from '../kit-texts';

/** Chip colours by status value. Anything else is 'secondary' (purple). */
export const STATUS_COLORS: Record<string, string> = {
  // customers
  high: 'red',
  medium: 'orange',
  low: 'green',
  // invoices
  paid: 'green',
  sent: 'blue',
  overdue: 'red',
  cancelled: 'gray',
  unpaid: 'orange',
  // scheduled invoices
  active: 'green',
  inactive: 'gray',
  paused: 'orange',
  completed: 'blue',
};

/** The chip colour (a Chakra colour palette) for a status. */
export function statusColor(status: string): string {
  return STATUS_COLORS[status] ?? 'purple';
}

/** A status value in English words: 'invoice_payment' -> 'Invoice Payment'. */
export function statusLabel(value: string): string {
  return value
    .split(/[_\s]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * A status value in the active language's words (the kit's catalogue knows the product's
 * statuses, payment types and roles); an unknown value reads as statusLabel writes it.
 */
export function useStatusLabel(): (value: string) => string {
  const t = useKitT();
  return (value) => t(`status.${value}`, { defaultValue: statusLabel(value) });
}

export interface StatusChipProps {
  status: string;
  /** Shown instead of the title-cased status. */
  label?: string;
  /** Overrides the colour, e.g. the Credit/Cash chip. */
  colorPalette?: string;
}

export function StatusChip({ status, label, colorPalette }: StatusChipProps) {
  const words = useStatusLabel();
  return (
    <Badge colorPalette={colorPalette ?? statusColor(status)} variant="subtle" data-status={status}>
      {label ?? words(status)}
    </Badge>
  );
}
