import type { Product, ProductInput, ProductListQuery } from '@admin/shared/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AuditedKind } from '../../audit/changes';
import type { Actor } from '../../audit/trail';
import { AuditedWrites } from '../../audit/writes';
import type { Database } from '../../db/connect';
import { products, productTypes } from '../../db/schema';
import { defineList, searchAcross, type Listing, type ListOrder } from '../../lists';
import { notFound } from '../../http/errors';
import type { ResourceService } from '../../http/resource-routes';
import { deleteUnlessUsed, usedBy, writeWithReferences, type RequiredRecord } from '../references';
import { onlyRow } from '../../db/rows';

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

export const PRODUCT_AUDIT: AuditedKind<Product> = { entityType: 'product', label: (product) => product.productName };

/** Newest first, as created. */
const PRODUCT_ORDER: ListOrder<NonNullable<ProductListQuery['sort']>> = {
  columns: {
    productName: products.productName,
    productType: productTypes.name,
    productPrice: products.productPrice,
    createdAt: products.createdAt,
  },
  byDefault: { sort: ['createdAt'], order: 'desc' },
  id: products.id,
};

function filterOf(query: ProductListQuery): SQL | undefined {
  return and(
    searchAcross(query.search, [products.productName]),
    query.productType ? eq(products.productTypeId, query.productType) : undefined,
  );
}

function selectProducts(db: Database) {
  return db.select(columns).from(products).innerJoin(productTypes, eq(productTypes.id, products.productTypeId));
}

const PRODUCT_LIST = defineList({
  id: products.id,
  select: (db: Database) => selectProducts(db).$dynamic(),
  where: filterOf,
  order: PRODUCT_ORDER,
  readWithJoins: 'every page',
  rows: (found) => found.map(toProduct),
});

export class ProductService implements ResourceService<Product, ProductInput, ProductListQuery> {
  private readonly writes: AuditedWrites<Product>;

  constructor(private readonly db: Database) {
    this.writes = new AuditedWrites(db, products, PRODUCT_AUDIT, (id, tx) => this.get(id, tx));
  }

  list(query: ProductListQuery): Listing<Product> {
    return PRODUCT_LIST.read(this.db, query);
  }

  async get(id: string, db: Database = this.db): Promise<Product> {
    const [row] = await selectProducts(db).where(eq(products.id, id));
    if (!row) throw notFound();
    return toProduct(row);
  }

  create(actor: Actor, input: ProductInput): Promise<Product> {
    return this.writes.create(actor, async (tx) => {
      const inserted = await writeWithReferences(tx, referencesOf(input), (sp) =>
        sp.insert(products).values(toRow(input)).returning({ id: products.id }),
      );
      return onlyRow(inserted).id;
    });
  }

  update(actor: Actor, id: string, input: ProductInput): Promise<Product> {
    return this.writes.update(actor, id, (tx) =>
      writeWithReferences(tx, referencesOf(input), (sp) =>
        sp
          .update(products)
          .set({ ...toRow(input), updatedAt: sql`now()` })
          .where(eq(products.id, id)),
      ),
    );
  }

  remove(actor: Actor, id: string): Promise<void> {
    return this.writes.remove(actor, id, (tx) => deleteUnlessUsed(tx, products, id, usedBy.products, 'product'));
  }
}
