import { sumFils } from '@admin/shared/money';

export interface Breakdown {
  /** Sum of the amounts entered for the selected invoices (fils). */
  total: number;
  /** Taken from the advance balance: the smaller of the total and the balance, when staff chose to use it. */
  advanceUsed: number;
  /** Paid now in the chosen mode. */
  rest: number;
}

/** How an invoice payment is funded, computed exactly as the API will. */
export function breakdownOf(
  amounts: readonly (number | string | null | undefined)[],
  useAdvance: boolean,
  advanceBalance: number,
): Breakdown {
  // An amount not typed yet (or text that is not an amount yet) counts as nothing until it is.
  const total = sumFils(amounts.map((amount) => (typeof amount === 'number' && amount > 0 ? amount : 0)));
  const advanceUsed = useAdvance ? Math.min(total, Math.max(0, advanceBalance)) : 0;
  return { total, advanceUsed, rest: total - advanceUsed };
}
