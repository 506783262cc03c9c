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
export const system = createSystem(
  mergeConfigs(
    defaultBaseConfig,
    defineConfig({
      preflight: true,
      cssVarsPrefix,
      cssVarsRoot,
      globalCss,
      theme: {
        breakpoints,
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
  ),
);

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
