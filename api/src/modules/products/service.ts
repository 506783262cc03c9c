import type { ListResponse, Product, ProductInput, ProductListQuery } from '@admin/shared/contract';
import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { products, productTypes } from '../../db/schema';
import { notFound } from '../../http/errors';
import { containsPattern, pageOf } from '../../http/pagination';
import type { ResourceService } from '../../http/resource-routes';
import { deleteUnlessUsed, usedBy, writeWithReferences, type RequiredRecord } from '../references';

const columns = { product: products, type: { _id: productTypes.id, productTypeName: productTypes.name } };
type Row = { product: typeof products.$inferSelect; type: Product['productType'] };

const toProduct = ({ product: p, type }: Row): Product => ({
  _id: p.id,
  productName: p.productName,
  productPrice: p.productPrice,
  productType: type,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

const toRow = (input: ProductInput) => ({
  productName: input.productName,
  productPrice: input.productPrice,
  productTypeId: input.productType,
});

const referencesOf = (input: ProductInput): RequiredRecord[] => [
  { field: 'productType', table: productTypes, id: input.productType, message: 'Product type not found' },
];

function filterOf(query: ProductListQuery): SQL | undefined {
  return and(
    query.search ? ilike(products.productName, containsPattern(query.search)) : undefined,
    query.productType ? eq(products.productTypeId, query.productType) : undefined,
  );
}

export class ProductService implements ResourceService<Product, ProductInput, ProductListQuery> {
  constructor(private readonly db: Database) {}

  private select() {
    return this.db.select(columns).from(products).innerJoin(productTypes, eq(productTypes.id, products.productTypeId));
  }

  list(query: ProductListQuery): Promise<ListResponse<Product>> {
    const where = filterOf(query);
    return pageOf(
      query,
      async () => (await this.db.select({ n: count() }).from(products).where(where))[0].n,
      async (offset, limit) =>
        (
          await this.select()
            .where(where)
            .orderBy(desc(products.createdAt), desc(products.id))
            .limit(limit)
            .offset(offset)
        ).map(toProduct),
    );
  }

  async get(id: string): Promise<Product> {
    const [row] = await this.select().where(eq(products.id, id));
    if (!row) throw notFound();
    return toProduct(row);
  }

  async create(input: ProductInput): Promise<Product> {
    const [{ id }] = await writeWithReferences(this.db, referencesOf(input), () =>
      this.db.insert(products).values(toRow(input)).returning({ id: products.id }),
    );
    return this.get(id);
  }

  async update(id: string, input: ProductInput): Promise<Product> {
    const updated = await writeWithReferences(this.db, referencesOf(input), () =>
      this.db
        .update(products)
        .set({ ...toRow(input), updatedAt: sql`now()` })
        .where(eq(products.id, id))
        .returning({ id: products.id }),
    );
    if (!updated.length) throw notFound();
    return this.get(id);
  }

  remove(id: string): Promise<void> {
    return deleteUnlessUsed(this.db, products, id, usedBy.products, 'product');
  }
}
