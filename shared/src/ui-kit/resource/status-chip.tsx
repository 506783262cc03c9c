import { Badge } from '@chakra-ui/react';

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

/** A status value in words: 'invoice_payment' -> 'Invoice Payment'. */
export function statusLabel(value: string): string {
  return value
    .split(/[_\s]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

export interface StatusChipProps {
  status: string;
  /** Shown instead of the title-cased status. */
  label?: string;
  /** Overrides the colour, e.g. the Credit/Cash chip. */
  colorPalette?: string;
}

export function StatusChip({ status, label, colorPalette }: StatusChipProps) {
  return (
    <Badge colorPalette={colorPalette ?? statusColor(status)} variant="subtle" data-status={status}>
      {label ?? statusLabel(status)}
    </Badge>
  );
}
