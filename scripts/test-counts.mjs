// Reading the test counts out of each runner's closing lines (ANSI colours already removed).

/**
 * The counts, and the names of the tests that failed and of those that passed only on a retry
 * (flaky), so CI's last lines say which ones did.
 * @typedef {{ passed: number, failed: number, failures?: string[], flaky?: string[] }} Counts
 */

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
  const failures = [...new Set(failingTests(output))];
  // A test that passed on a retry ends its line with "(retry x1)".
  const flaky = [...output.matchAll(/^\s*✓ (.+?) \([\d.]+m?s\) \(retry x\d+\)\s*$/gm)].map((match) => match[1] ?? '');
  return {
    passed: Number(/(\d+) passed/.exec(line)?.[1] ?? 0),
    failed: Number(/(\d+) failed/.exec(line)?.[1] ?? 0),
    failures,
    flaky,
  };
}

/**
 * The closing list of failures names each as " FAIL  file > describe > test", then its error and,
 * further down, where it was thrown ("at file:line:column"): each failure with its error's first
 * line and that place, as a flaky failure on a busy CI machine is seldom run again the same way.
 * @param {string} output
 */
function failingTests(output) {
  const summary = output.slice(Math.max(0, output.lastIndexOf('Summary of all failing tests:')));
  return summary
    .split(/^\s*FAIL\s+/m)
    .slice(1)
    .map((block) => {
      const [name = '', ...rest] = block.split('\n');
      const error = rest.find((line) => line.trim())?.trim() ?? '';
      const place = /^\s*at (\S+:\d+:\d+)/m.exec(block)?.[1];
      const said = error.length > 200 ? `${error.slice(0, 200)}…` : error;
      return [name.trim(), said && `: ${said}`, place ? ` (${place})` : ''].join('');
    });
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
  return passed + failed > 0
    ? {
        passed,
        failed,
        failures: titlesUnder(output, 'failed').map((title) => title + errorOf(output, title)),
        flaky: titlesUnder(output, 'flaky').map((title) => title + errorOf(output, title)),
      }
    : undefined;
}

/**
 * The tests listed under the closing "N failed" or "N flaky" line (indented "[project] › file › title").
 * @param {string} output
 * @param {'failed' | 'flaky'} word
 */
function titlesUnder(output, word) {
  const lines = output.split('\n');
  const start = lines.findLastIndex((l) => new RegExp(`^\\s*\\d+ ${word}\\b`).test(l));
  if (start < 0) return [];
  const titles = [];
  for (const line of lines.slice(start + 1)) {
    if (!/^\s+\[/.test(line)) break;
    titles.push(line.trim());
  }
  return titles;
}

/**
 * A failed test's error as the list reporter printed it under "  1) title": its first lines
 * (the error, the locator, what was expected and received) and the spec line that threw, so CI's
 * summary says why without the whole log.
 * @param {string} output
 * @param {string} title
 */
function errorOf(output, title) {
  const lines = output.split('\n');
  const start = lines.findIndex(
    (l) =>
      /^\s+\d+\) /.test(l) &&
      l
        .trim()
        .replace(/^\d+\) /, '')
        .startsWith(title),
  );
  if (start < 0) return '';
  const block = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\s+\d+\) /.test(line)) break;
    block.push(line.trim());
  }
  const said = block
    .filter((line) => /^(\w*Error:|Locator:|Expected|Received)/.test(line))
    .slice(0, 4)
    .join(' | ');
  const place = block.map((line) => /^at .*?([\w.-]+\.spec\.ts:\d+:\d+)/.exec(line)?.[1]).find(Boolean);
  const short = said.length > 300 ? `${said.slice(0, 300)}…` : said;
  return [short && `: ${short}`, place ? ` (${place})` : ''].join('');
}
