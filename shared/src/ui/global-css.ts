// The style system's page-wide CSS as one stylesheet, for the host's build to write into its
// index.html (host/rsbuild.config.ts). Build-time code: no page imports it.
import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';
import { system } from './system';

/**
 * What Chakra's provider would insert when the app starts (the layer order, the reset, the global
 * styles and the custom property of every token in each colour mode), compiled by Emotion's own
 * cache with its default plugins, so the rules are the ones the provider writes.
 */
export function systemGlobalCss(): string {
  const cache = createCache({ key: 'css' });
  const rules: string[] = [];
  // Emotion's server build returns the rules; its browser build hands them to the sheet.
  const sheet = { insert: (rule: string) => void rules.push(rule) } as Parameters<typeof cache.insert>[2];
  let css = '';
  for (const styles of [system.layers.atRule, system._global]) {
    const returned: unknown = cache.insert('', serializeStyles([styles], cache.registered), sheet, false);
    css += typeof returned === 'string' ? returned : rules.splice(0).join('');
  }
  return css;
}
