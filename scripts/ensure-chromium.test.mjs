import { describe, expect, it } from '@rstest/core';
import { ensureChromium, INSTALL_COMMAND } from './ensure-chromium.mjs';

describe('the browser preflight of pnpm test', () => {
  it('passes when the browsers are there', () => {
    const present = { path: process.execPath, debianPackage: 'nodejs' };
    expect(ensureChromium({ browsers: [present, present] })).toEqual({ ok: true });
  });

  it('stops with the one install command, naming what is missing, when it may not install', () => {
    const result = ensureChromium({
      browsers: [
        { path: process.execPath, debianPackage: 'nodejs' },
        { path: '/nonexistent/chromium-headless-shell', debianPackage: 'chromium-headless-shell' },
      ],
      isRoot: false,
    });
    expect(result.ok).toBe(false);
    const message = result.ok ? '' : result.message;
    expect(message).toContain(INSTALL_COMMAND);
    expect(message).toContain('/nonexistent/chromium-headless-shell');
    expect(message).not.toContain(process.execPath);
  });
});
