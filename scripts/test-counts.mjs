// Reading the test counts out of each runner's closing lines (ANSI colours already removed).

/** @typedef {{ passed: number, failed: number }} Counts */

/**
 * rstest's closing summary: " Tests 3 passed" or " Tests 1 failed | 3 passed (4)".
 * @param {string} output
 * @returns {Counts | undefined}
 */
export function parseRstest(output) {
  const line = output
    .split('\n')
    .reverse()
    .find((l) => /^\s*Tests\s+\d+\s+\w+/.test(l));
  if (!line) return undefined;
  return {
    passed: Number(/(\d+) passed/.exec(line)?.[1] ?? 0),
    failed: Number(/(\d+) failed/.exec(line)?.[1] ?? 0),
  };
}

/**
 * Playwright's list/line reporter ends with lines such as "  3 passed (12.1s)", "  1 failed",
 * "  1 flaky" (passed on retry). Skipped and did-not-run tests count as failed: none should exist.
 * @param {string} output
 * @returns {Counts | undefined}
 */
export function parsePlaywright(output) {
  /** @param {string} word */
  const count = (word) => {
    const matches = [...output.matchAll(new RegExp(`^\\s*(\\d+) ${word}\\b`, 'gm'))];
    return matches.length ? Number(matches.at(-1)?.[1]) : 0;
  };
  const passed = count('passed') + count('flaky');
  const failed = count('failed') + count('skipped') + count('did not run') + count('interrupted');
  return passed + failed > 0 ? { passed, failed } : undefined;
}
