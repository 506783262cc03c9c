import { describe, expect, it } from '@rstest/core';
import { parsePlaywright, parseRstest } from './test-counts.mjs';

describe('rstest counts', () => {
  it('reads a passing and a failing summary, not the test-file line', () => {
    expect(parseRstest(' Test Files 2 passed\n      Tests 3 passed\n   Duration 1s')).toEqual({
      passed: 3,
      failed: 0,
      failures: [],
      flaky: [],
    });
    const failing = [
      ' ✓ [ops] ops/src/gate/release.test.mjs (2)',
      '  ✓ the release > publishes (12ms)',
      '  ✓ the release > loads in a browser (3.48s) (retry x1)',
      ' ✗ [ops] ops/src/gate/check.test.mjs (5)',
      'Summary of all failing tests:',
      '',
      ' FAIL  ops/src/gate/check.test.mjs > the health gate > lets a sound build through',
      'AssertionError: expected 1 to be 0',
      '',
      '> 9 |     expect(code).toBe(0);',
      '        at ops/src/gate/check.test.mjs:9:18',
      '',
      ' FAIL  ops/src/gate/check.test.mjs > the health gate > names the release',
      `TestingLibraryElementError: Unable to find an element with the text: Release 7. ${'<div />'.repeat(60)}`,
      ' Test Files 1 failed | 1 passed (2)',
      '      Tests 2 failed | 3 passed (5)',
    ].join('\n');
    expect(parseRstest(failing)).toEqual({
      passed: 3,
      failed: 2,
      failures: [
        'ops/src/gate/check.test.mjs > the health gate > lets a sound build through: AssertionError: expected 1 to be 0 (ops/src/gate/check.test.mjs:9:18)',
        `ops/src/gate/check.test.mjs > the health gate > names the release: ${`TestingLibraryElementError: Unable to find an element with the text: Release 7. ${'<div />'.repeat(60)}`.slice(0, 200)}…`,
      ],
      flaky: ['the release > loads in a browser'],
    });
  });

  it('gives nothing when the runner printed no summary', () => {
    expect(parseRstest('Error: cannot load config')).toBeUndefined();
  });
});

describe('Playwright counts', () => {
  it('reads the list reporter closing lines, flaky as passed and skipped as failed', () => {
    const output = [
      '  ✓  1 [chromium] › tests/a.spec.ts:3:1 › signs in (2.1s)',
      '  1) [chromium] › tests/b.spec.ts:9:1 › logs out ─────────',
      '',
      '    Error: expect(locator).toBeVisible() failed',
      '',
      "    Locator: getByRole('button', { name: 'Log out' })",
      '    Expected: visible',
      '    Received: <element(s) not found>',
      '    Call log:',
      '      - waiting for getByRole',
      '',
      '      at /check/work/main/e2e/tests/b.spec.ts:12:7',
      '  1 failed',
      '    [chromium] › tests/b.spec.ts:9:1 › logs out',
      '  1 flaky',
      '    [chromium] › tests/c.spec.ts:4:1 › prints',
      '  2 skipped',
      '  5 passed (31.2s)',
    ].join('\n');
    expect(parsePlaywright(output)).toEqual({
      passed: 6,
      failed: 3,
      failures: [
        "[chromium] › tests/b.spec.ts:9:1 › logs out: Error: expect(locator).toBeVisible() failed | Locator: getByRole('button', { name: 'Log out' }) | Expected: visible | Received: <element(s) not found> (b.spec.ts:12:7)",
      ],
      flaky: ['[chromium] › tests/c.spec.ts:4:1 › prints'],
    });
  });

  it('gives nothing when no test ran', () => {
    expect(parsePlaywright('Error: No tests found')).toBeUndefined();
  });
});
