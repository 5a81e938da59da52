import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import type { MediaSource } from "../db/schema";
import type { ListingPage, ProductBox, SortingKey } from "./types";

export const LISTING_PAGE_SIZE = 12;

const orderSql: Record<SortingKey, SQL> = {
  "name-asc": sql`p.name asc, p.id asc`,
  "name-desc": sql`p.name desc, p.id desc`,
  "price-asc": sql`p.listing_price asc, p.name asc, p.id asc`,
  "price-desc": sql`p.listing_price desc, p.name asc, p.id asc`,
  topseller: sql`p.sales desc, p.name asc, p.id asc`,
};

export interface ListingQuery {
  /** Restrict to products in any of these categories. */
  categoryIds?: string[];
  /** Restrict to these products (search results, cross-selling). */
  productIds?: string[];
  order: SortingKey;
  page: number;
  limit?: number;
  currency: string;
}

interface ProductBoxRow {
  product_id: string;
  variant_id: string;
  product_number: string;
  name: string;
  url: string | null;
  manufacturer: string | null;
  gross: number | null;
  list_price_gross: number | null;
  price_from: boolean;
  rating_average_centi: number | null;
  review_count: number;
  image_alt: string | null;
  image_width: number | null;
  image_height: number | null;
  image_sources: MediaSource[] | null;
}

function filtersSql(query: Pick<ListingQuery, "categoryIds" | "productIds">): SQL {
  const conditions: SQL[] = [sql`p.active`];
  if (query.categoryIds) {
    if (query.categoryIds.length === 0) return sql`false`;
    conditions.push(
      sql`exists (select 1 from product_category pc where pc.product_id = p.id and pc.category_id in ${query.categoryIds})`,
    );
  }
  if (query.productIds) {
    if (query.productIds.length === 0) return sql`false`;
    conditions.push(sql`p.id in ${query.productIds}`);
  }
  return sql.join(conditions, sql` and `);
}

/** Product boxes: the first active variant for the link, the cheapest price, the first general image. */
function productBoxSelect(where: SQL, currency: string): SQL {
  return sql`
    select p.id as product_id, mv.id as variant_id, mv.product_number, p.name,
      su.path as url, m.name as manufacturer,
      cheapest.gross, cheapest.list_price_gross, cheapest.price_from,
      p.rating_average_centi, p.review_count,
      img.alt as image_alt, img.width as image_width, img.height as image_height, img.sources as image_sources
    from product p
    join lateral (
      select v.id, v.product_number from product_variant v
      where v.product_id = p.id and v.active order by v.position, v.product_number limit 1
    ) mv on true
    left join manufacturer m on m.id = p.manufacturer_id
    left join seo_url su on su.foreign_key = mv.id and su.route_name = 'frontend.detail.page' and su.is_canonical
    left join lateral (
      select pr.gross, pr.list_price_gross,
        (select min(x.gross) <> max(x.gross) from price x join product_variant xv on xv.id = x.variant_id
          where xv.product_id = p.id and xv.active and x.currency = ${currency} and x.quantity_start = 1) as price_from
      from price pr join product_variant v on v.id = pr.variant_id
      where v.product_id = p.id and v.active and pr.currency = ${currency} and pr.quantity_start = 1
      order by pr.gross, v.position limit 1
    ) cheapest on true
    left join lateral (
      select me.alt, me.width, me.height, me.sources from product_media pm join media me on me.id = pm.media_id
      where pm.product_id = p.id and pm.variant_id is null order by pm.position limit 1
    ) img on true
    where ${where}`;
}

export function toProductBox(row: ProductBoxRow, currency: string): ProductBox {
  const sources = row.image_sources ?? [];
  const largestJpeg = [...sources].reverse().find((s) => s.format === "jpeg");
  return {
    productId: row.product_id,
    variantId: row.variant_id,
    productNumber: row.product_number,
    name: row.name,
    url: row.url ?? `/detail/${row.variant_id}`,
    manufacturer: row.manufacturer,
    image:
      largestJpeg && row.image_width && row.image_height
        ? { url: largestJpeg.url, alt: row.image_alt ?? row.name, width: row.image_width, height: row.image_height, sources }
        : null,
    price: { amount: row.gross ?? 0, currency },
    listPrice:
      row.list_price_gross && row.gross !== null && row.list_price_gross > row.gross
        ? { amount: row.list_price_gross, currency }
        : null,
    priceFrom: Boolean(row.price_from),
    ratingAverage: row.rating_average_centi === null ? null : row.rating_average_centi / 100,
    reviewCount: row.review_count,
  };
}

export async function listProducts(db: Database, query: ListingQuery): Promise<ListingPage> {
  const limit = query.limit ?? LISTING_PAGE_SIZE;
  const where = filtersSql(query);
  const [countRow] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from product p where ${where}`);
  const total = countRow?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const offset = (query.page - 1) * limit;
  const rows =
    offset < total
      ? await queryRows<ProductBoxRow>(
          db,
          sql`${productBoxSelect(where, query.currency)} order by ${orderSql[query.order]} limit ${limit} offset ${offset}`,
        )
      : [];
  return {
    items: rows.map((row) => toProductBox(row, query.currency)),
    total,
    page: query.page,
    pageCount,
    limit,
    order: query.order,
  };
}

/** Product boxes for the given products, in the given order (cross-selling, featured products). */
export async function productBoxes(db: Database, productIds: string[], currency: string): Promise<ProductBox[]> {
  if (productIds.length === 0) return [];
  const rows = await queryRows<ProductBoxRow>(db, productBoxSelect(filtersSql({ productIds }), currency));
  const byId = new Map(rows.map((row) => [row.product_id, toProductBox(row, currency)]));
  return productIds.flatMap((id) => byId.get(id) ?? []);
}

/** The best-selling products of the shop, for the home page. */
export async function topsellers(db: Database, limit: number, currency: string): Promise<ProductBox[]> {
  const rows = await queryRows<ProductBoxRow>(
    db,
    sql`${productBoxSelect(filtersSql({}), currency)} order by ${orderSql.topseller} limit ${limit}`,
  );
  return rows.map((row) => toProductBox(row, currency));
}
