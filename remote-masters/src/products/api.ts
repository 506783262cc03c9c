import { RESOURCES, type Product, type ProductInput } from '@admin/shared/contract';
import { createResource } from '@admin/shared/query';

export const products = createResource<Product, ProductInput>(RESOURCES.products);
