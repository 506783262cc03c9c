// The lists wing: a list is declared once (defineList) and read with one call; how its pages and
// totals are read (page-rows.ts, totals.ts, blocks.ts) stays behind this file.
export { defineList, type List, type Listing } from './list';
export type { ListOrder } from './order';
export { lowered, leftOutBySearch, picked, searchAcross, withinDays, type IssuedNumber } from './conditions';
export { LIST_FIGURES } from './totals';
export { LIST_BLOCKS } from './blocks';
export { exportBatches } from './export-batches';
