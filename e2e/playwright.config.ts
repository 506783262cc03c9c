import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from '../ops/src/layout.mjs';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  // Two cores: one browser per core at most.
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // One retry in CI, reported as flaky: insurance against a time limit reached on a machine busier
  // than the one the limits were measured on (docs/decisions.md, "e2e on two saturated cores").
  retries: process.env.CI ? 1 : 0,
  // A guard against a hang, not a speed check: a test shares two cores with another test's browser
  // and the platforms' servers, which makes a minute's test take one and a half at times.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: 'http://127.0.0.1:3300',
    // Staff who ask their system for less motion get dialogs, menus and toasts without animation
    // (shared/src/ui/system.ts): the suite runs as one of them, which spares it about half a second
    // of fades per dialog; the accessibility spec checks that both preferences are honoured.
    reducedMotion: 'reduce',
    // Recording a trace for every test (DOM snapshots over the DevTools protocol, a screencast)
    // made the suite a fifth slower on two cores; in CI a failing test is traced on its retry.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: HEADLESS_SHELL_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
