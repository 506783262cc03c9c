import { RESOURCES } from '@admin/shared/contract';
import type { PageDeclaration } from '@admin/shared/remote';

/**
 * The Masters area's pages as data: their menu places and permissions. routes.tsx gives each its
 * code; the build writes them into the release's area-summary.json for the host's menu.
 */
export const PAGES = {
  customers: {
    path: RESOURCES.customers.page,
    title: 'area.routes.customers',
    permission: RESOURCES.customers.permissions.read,
    menu: { order: 10 },
  },
  products: {
    path: RESOURCES.products.page,
    title: 'area.routes.products',
    permission: RESOURCES.products.permissions.read,
    menu: { order: 20 },
  },
  customerKinds: {
    path: RESOURCES.customerKinds.page,
    title: 'area.routes.customerKinds',
    permission: RESOURCES.customerKinds.permissions.read,
    menu: { group: 'masters', order: 10 },
  },
  customerNationalities: {
    path: RESOURCES.customerNationalities.page,
    title: 'area.routes.customerNationalities',
    permission: RESOURCES.customerNationalities.permissions.read,
    menu: { group: 'masters', order: 20 },
  },
  customerCities: {
    path: RESOURCES.customerCities.page,
    title: 'area.routes.customerCities',
    permission: RESOURCES.customerCities.permissions.read,
    menu: { group: 'masters', order: 30 },
  },
  productTypes: {
    path: RESOURCES.productTypes.page,
    title: 'area.routes.types',
    permission: RESOURCES.productTypes.permissions.read,
    menu: { group: 'masters', order: 40 },
  },
  banks: {
    path: RESOURCES.banks.page,
    title: 'lookups.banks.title',
    permission: RESOURCES.banks.permissions.read,
    menu: { group: 'masters', order: 50 },
  },
} satisfies Record<string, PageDeclaration>;
