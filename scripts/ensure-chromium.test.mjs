import { describe, expect, it } from '@rstest/core';
import { ensureChromium, INSTALL_COMMAND } from './ensure-chromium.mjs';

describe('the Chromium preflight of pnpm test', () => {
  it('passes when the browser is there', () => {
    expect(ensureChromium({ path: process.execPath })).toEqual({ ok: true });
  });

  it('stops with the one install command when it may not install', () => {
    const result = ensureChromium({ path: '/nonexistent/chromium', isRoot: false });
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toContain(INSTALL_COMMAND);
  });
});
