import type { Product, ProductInput } from '@admin/shared/contract';
import { createResource } from '@admin/shared/query';

export const products = createResource<Product, ProductInput>('products');
