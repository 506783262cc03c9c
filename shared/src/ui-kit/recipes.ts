import {
  dialogSlotRecipe,
  drawerSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme';
import { addRecipes } from '@admin/shared/ui';

// The styles of the kit's Chakra components, added to the page's one system as the kit loads
// (imported first by the kit's index). A Chakra component added to the kit needs its recipe here.
addRecipes({
  recipes: { textarea: textareaRecipe },
  slotRecipes: {
    dialog: dialogSlotRecipe,
    drawer: drawerSlotRecipe,
    menu: menuSlotRecipe,
    nativeSelect: nativeSelectSlotRecipe,
    switch: switchSlotRecipe,
    table: tableSlotRecipe,
    tabs: tabsSlotRecipe,
  },
});
