/**
 * The item at `index` counted round and round `list` (index 4 of three items is the second): how
 * the demo data, the benchmark and the property tests spread their picks over what exists. An
 * empty list (or a negative index) is the caller's mistake, so it throws.
 */
export function pickCyclic<T>(list: readonly T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new RangeError(`No item ${index} round a list of ${list.length}`);
  return item;
}
