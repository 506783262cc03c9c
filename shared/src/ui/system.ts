import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs, type SystemConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme with only the recipes of the components the core facade exports: the
 * full default system carries the styles of some 75 components, and a theme is never tree-shaken.
 * A component added to the core facade needs its recipe added here; the ui-kit's components get
 * theirs through addRecipes when the kit loads.
 */
/** A colour for the light theme and one for the dark one, from Chakra's palette. */
const pair = (light: string, dark: string) => ({ value: { _light: `{colors.${light}}`, _dark: `{colors.${dark}}` } });

const PALETTES = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'cyan', 'purple', 'pink'] as const;

/**
 * Where Chakra's defaults fall short of WCAG AA in either theme: red error text (#ef4444, 3.8:1
 * on white), the subtle and status texts, focus rings (gray.400 is 2.6:1 on white; every palette
 * now rings in its 700 shade on light and 300 on dark, at least 3:1 against the page), and white
 * text on the red, green, orange, teal and cyan solid buttons.
 */
const contrast = defineConfig({
  theme: {
    semanticTokens: {
      colors: {
        fg: {
          subtle: pair('gray.600', 'gray.400'),
          error: pair('red.700', 'red.300'),
          warning: pair('orange.700', 'orange.300'),
          success: pair('green.700', 'green.300'),
          info: pair('blue.700', 'blue.300'),
        },
        border: { error: pair('red.700', 'red.300') },
        ...Object.fromEntries(
          PALETTES.map((palette) => [palette, { focusRing: pair(`${palette}.700`, `${palette}.300`) }]),
        ),
        red: { focusRing: pair('red.700', 'red.300'), solid: pair('red.700', 'red.700') },
        green: { focusRing: pair('green.700', 'green.300'), solid: pair('green.700', 'green.700') },
        orange: {
          focusRing: pair('orange.700', 'orange.300'),
          solid: pair('orange.700', 'orange.700'),
          contrast: { value: 'white' },
        },
        teal: { focusRing: pair('teal.700', 'teal.300'), solid: pair('teal.700', 'teal.700') },
        cyan: { focusRing: pair('cyan.700', 'cyan.300'), solid: pair('cyan.700', 'cyan.700') },
      },
    },
  },
});

/**
 * Staff who ask their system for less motion get none: dialogs, drawers, menus and toasts appear
 * and leave at once, and spinners stand still (each keeps its label). The durations are a hair
 * above zero, not none, so the end of an animation is still announced and a closing dialog leaves.
 */
const reducedMotion = defineConfig({
  globalCss: {
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
});

export const system = createSystem(
  mergeConfigs(
    defaultBaseConfig,
    defineConfig({
      preflight: true,
      cssVarsPrefix,
      cssVarsRoot,
      globalCss,
      theme: {
        // 'sm' starts at 600 px: below it is a phone (menu drawer toggled, lists as cards).
        breakpoints: { ...breakpoints, sm: '600px' },
        keyframes,
        tokens,
        semanticTokens,
        textStyles,
        layerStyles,
        animationStyles,
        recipes: {
          badge: badgeRecipe,
          button: buttonRecipe,
          container: containerRecipe,
          heading: headingRecipe,
          icon: iconRecipe,
          input: inputRecipe,
          inputAddon: inputAddonRecipe,
          link: linkRecipe,
          separator: separatorRecipe,
          skeleton: skeletonRecipe,
          spinner: spinnerRecipe,
        },
        slotRecipes: {
          alert: alertSlotRecipe,
          card: cardSlotRecipe,
          field: fieldSlotRecipe,
          toast: toastSlotRecipe,
        },
      },
    }),
    contrast,
    reducedMotion,
  ),
);

/**
 * Marks the <style> in which a page brings the system's global CSS, built with it
 * (./global-css.ts, host/rsbuild.config.ts): the provider then inserts none.
 */
export const GLOBAL_CSS_ATTRIBUTE = 'data-ui-global';

type Recipes = Pick<NonNullable<SystemConfig['theme']>, 'recipes' | 'slotRecipes'>;

/**
 * Adds the recipes of a facade module loaded later (the ui-kit) to the page's one system, so they
 * stay off the sign-in page's first load. Chakra looks a recipe up when a component first renders,
 * so the kit calls this as it loads, before any of its components can render.
 */
export function addRecipes({ recipes, slotRecipes }: Recipes): void {
  const theme = system._config.theme!;
  theme.recipes = Object.assign(theme.recipes ?? {}, recipes);
  theme.slotRecipes = Object.assign(theme.slotRecipes ?? {}, slotRecipes);
}
