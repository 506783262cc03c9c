import { fundingOf } from '@admin/shared/contract';
import { fils, sumFils, type Fils } from '@admin/shared/money';

export interface Breakdown {
  /** Sum of the amounts entered for the selected invoices. */
  total: Fils;
  /** Taken from the advance balance: the smaller of the total and the balance, when staff chose to use it. */
  advanceUsed: Fils;
  /** Paid now in the chosen mode. */
  rest: Fils;
}

/** How an invoice payment is funded, computed exactly as the API will. */
export function breakdownOf(
  amounts: readonly (Fils | string | null | undefined)[],
  useAdvance: boolean,
  advanceBalance: Fils,
): Breakdown {
  // An amount not typed yet (or text that is not an amount yet) counts as nothing until it is.
  const total = sumFils(amounts.map((amount) => (typeof amount === 'number' && amount > 0 ? amount : fils(0))));
  return { total, ...fundingOf(total, advanceBalance, useAdvance) };
}
