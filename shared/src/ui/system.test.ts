import { describe, expect, it } from '@rstest/core';
import { system } from './system';

type Pair = { value: string | { _light: string; _dark: string } };
const theme = system._config.theme!;
const semantic = theme.semanticTokens!.colors as Record<string, Record<string, Pair>>;
const palette = theme.tokens!.colors as Record<string, Record<string, { value: string }> | { value: string }>;

/** '{colors.red.700}' or 'white' -> '#b91c1c'. */
function hex(reference: string): string {
  const path = reference.replace(/^\{colors\.|\}$/g, '').split('.');
  const token = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], palette) as
    { value: string } | undefined;
  if (token?.value) return token.value;
  return { white: '#ffffff', black: '#000000' }[reference] ?? reference;
}

/** WCAG 2 contrast ratio of two sRGB colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    // '#rrggbb': the channel whose two hex digits start at `at`, linearised.
    const channel = (at: number) => {
      const c = parseInt(color.slice(at, at + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  };
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

const shade = (name: string, key: string, mode: '_light' | '_dark') => {
  const pair = semantic[name]?.[key];
  if (!pair) throw new Error(`No semantic colour ${name}.${key}`);
  const { value } = pair;
  return hex(typeof value === 'string' ? value : value[mode]);
};
const page = { _light: shade('bg', 'DEFAULT', '_light'), _dark: shade('bg', 'DEFAULT', '_dark') };
const PALETTES = ['gray', 'red', 'orange', 'green', 'blue', 'teal', 'cyan', 'purple', 'pink'];

describe('theme contrast (WCAG AA) in both themes', () => {
  for (const mode of ['_light', '_dark'] as const) {
    it(`${mode.slice(1)}: texts reach 4.5:1 on the page`, () => {
      for (const key of ['DEFAULT', 'muted', 'subtle', 'error', 'warning', 'success', 'info']) {
        expect([key, contrast(shade('fg', key, mode), page[mode])]).toEqual([
          key,
          expect.toSatisfy((ratio: number) => ratio >= 4.5),
        ]);
      }
    });

    it(`${mode.slice(1)}: every palette's focus ring reaches 3:1 on the page, and solid buttons 4.5:1 for their text`, () => {
      for (const name of PALETTES) {
        expect([name, contrast(shade(name, 'focusRing', mode), page[mode])]).toEqual([
          name,
          expect.toSatisfy((ratio: number) => ratio >= 3),
        ]);
        expect([name, contrast(shade(name, 'solid', mode), shade(name, 'contrast', mode))]).toEqual([
          name,
          expect.toSatisfy((ratio: number) => ratio >= 4.5),
        ]);
      }
    });
  }
});
