import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import { effectiveMax } from "../cart/quantity";
import { imageFromSources } from "./image";
import type { MediaSource } from "./media";
import { breadcrumbsFor, descendantIds, type CategoryRecord } from "./navigation";
import { listProducts, productBoxes } from "./listing";
import { productModel } from "./model";
import type { VariantOptions } from "./variant-selection";
import { loadSubscriptionPlans } from "../subscription/plans";
import { loadReviews } from "../reviews/summary";
import { VIDEO_HOST_NAMES, VIDEO_PRIVACY_URLS, videoEmbedUrl, videoWatchUrl } from "./video";
import type {
  ConfiguratorGroup,
  CrossSellingGroup,
  Image,
  ProductBox,
  ProductDetail,
  ProductProperty,
  ProductVideo,
  StockState,
} from "./types";

export const LOW_STOCK_THRESHOLD = 5;
const CROSS_SELLING_LIMIT = 8;

interface VariantRow {
  id: string;
  product_number: string;
  option_ids: string[] | null;
}

/** The active variants of a product in position order, with the ids of their options. */
export async function loadVariants(db: Database, productId: string): Promise<VariantOptions[]> {
  const rows = await queryRows<VariantRow>(
    db,
    sql`select v.id, v.product_number, array_remove(array_agg(vo.option_id::text), null) as option_ids
        from product_variant v left join product_variant_option vo on vo.variant_id = v.id
        where v.product_id = ${productId} and v.active
        group by v.id order by v.position, v.product_number`,
  );
  return rows.map((r) => ({ id: r.id, productNumber: r.product_number, optionIds: r.option_ids ?? [] }));
}

/** Resolves a product or variant id to the variant to show: a product id shows its first variant. */
export async function resolveVariantId(db: Database, id: string): Promise<string | null> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select v.id from product_variant v join product p on p.id = v.product_id
        where p.active and v.active and (v.id = ${id} or v.product_id = ${id})
        order by (v.id = ${id}) desc, v.position, v.product_number limit 1`,
  );
  return rows[0]?.id ?? null;
}

export function stockStateOf(stock: number): StockState {
  if (stock <= 0) return "sold-out";
  return stock <= LOW_STOCK_THRESHOLD ? "low-stock" : "in-stock";
}

interface DetailRow {
  product_id: string;
  variant_id: string;
  product_number: string;
  name: string;
  description: string;
  manufacturer: string | null;
  free_shipping: boolean;
  model_file: string | null;
  model_variant: string | null;
  stock: number;
  min_purchase: number;
  max_purchase: number;
  purchase_step: number;
  max_order_quantity: number | null;
  rate_basis_points: number;
  gross: number | null;
  list_price_gross: number | null;
  url: string | null;
}

export async function loadProductDetail(
  db: Database,
  variantId: string,
  options: { currency: string; categories: CategoryRecord[]; reviewPage?: number },
): Promise<ProductDetail | null> {
  const [row] = await queryRows<DetailRow>(
    db,
    sql`select p.id as product_id, v.id as variant_id, v.product_number, p.name, p.description,
          m.name as manufacturer, p.free_shipping, p.model_file, v.model_variant, v.stock, v.min_purchase, v.max_purchase,
          v.purchase_step, p.max_order_quantity, t.rate_basis_points, pr.gross, pr.list_price_gross, su.path as url
        from product_variant v
        join product p on p.id = v.product_id
        join tax t on t.id = p.tax_id
        left join manufacturer m on m.id = p.manufacturer_id
        left join price pr on pr.variant_id = v.id and pr.currency = ${options.currency} and pr.quantity_start = 1
        left join seo_url su on su.foreign_key = v.id and su.route_name = 'frontend.detail.page' and su.is_canonical
        where v.id = ${variantId} and v.active and p.active`,
  );
  if (!row) return null;

  const [variants, configurator, properties, images, reviews, categoryIds, crossSellings, videos, subscriptionPlans] = await Promise.all([
    loadVariants(db, row.product_id),
    loadConfiguratorGroups(db, row.product_id),
    loadProperties(db, row.product_id, variantId),
    loadImages(db, row.product_id, variantId, row.name),
    loadReviews(db, row.product_id, options.reviewPage ?? 1),
    queryRows<{ category_id: string }>(
      db,
      sql`select pc.category_id from product_category pc join category c on c.id = pc.category_id
          where pc.product_id = ${row.product_id} order by c.level desc, c.position limit 1`,
    ),
    loadCrossSellings(db, row.product_id, options),
    loadVideos(db, row.product_id),
    loadSubscriptionPlans(db, row.product_id, row.gross ?? 0),
  ]);

  const current = variants.find((v) => v.id === variantId);
  const selected = new Set(current?.optionIds ?? []);
  const { currency } = options;
  const gross = row.gross ?? 0;
  return {
    productId: row.product_id,
    variantId: row.variant_id,
    productNumber: row.product_number,
    name: row.name,
    description: row.description,
    url: row.url ?? `/detail/${row.variant_id}`,
    manufacturer: row.manufacturer,
    images,
    price: { amount: gross, currency },
    listPrice: row.list_price_gross && row.list_price_gross > gross ? { amount: row.list_price_gross, currency } : null,
    taxRateBasisPoints: row.rate_basis_points,
    freeShipping: row.free_shipping,
    stock: row.stock,
    stockState: stockStateOf(row.stock),
    minPurchase: row.min_purchase,
    // The cart's rule: the product's maximum capped by the stock and the maximum order quantity, on the step grid.
    maxPurchase: Math.max(
      row.min_purchase,
      effectiveMax({ min: row.min_purchase, max: Math.min(row.max_purchase, row.max_order_quantity ?? Infinity), step: row.purchase_step }, row.stock),
    ),
    purchaseStep: row.purchase_step,
    maxOrderQuantity: row.max_order_quantity,
    subscriptionPlans,
    configurator: markSelection(configurator, selected, variants),
    properties,
    reviews,
    breadcrumbs: categoryIds[0] ? breadcrumbsFor(categoryIds[0].category_id, options.categories) : [],
    crossSellings,
    model: productModel(row.model_file, row.model_variant),
    videos,
  };
}

interface GroupOptionRow {
  group_id: string;
  group_name: string;
  display_type: "text" | "color" | "image";
  option_id: string;
  option_name: string;
  color_hex: string | null;
}

async function loadConfiguratorGroups(db: Database, productId: string): Promise<ConfiguratorGroup[]> {
  const rows = await queryRows<GroupOptionRow>(
    db,
    sql`select distinct g.id as group_id, g.name as group_name, g.display_type, g.position as group_position,
          o.id as option_id, o.name as option_name, o.color_hex, o.position as option_position
        from product_variant v
        join product_variant_option vo on vo.variant_id = v.id
        join property_option o on o.id = vo.option_id
        join property_group g on g.id = o.group_id
        where v.product_id = ${productId} and v.active
        order by group_position, g.name, option_position, o.name`,
  );
  const groups: ConfiguratorGroup[] = [];
  for (const r of rows) {
    let group = groups.find((g) => g.id === r.group_id);
    if (!group) {
      group = { id: r.group_id, name: r.group_name, displayType: r.display_type, options: [] };
      groups.push(group);
    }
    group.options.push({ id: r.option_id, name: r.option_name, colorHex: r.color_hex, selected: false, combinable: true });
  }
  return groups;
}

function markSelection(groups: ConfiguratorGroup[], selected: Set<string>, variants: VariantOptions[]) {
  return groups.map((group) => {
    const othersSelected = [...selected].filter((id) => !group.options.some((o) => o.id === id));
    return {
      ...group,
      options: group.options.map((option) => ({
        ...option,
        selected: selected.has(option.id),
        combinable: variants.some(
          (v) => v.optionIds.includes(option.id) && othersSelected.every((id) => v.optionIds.includes(id)),
        ),
      })),
    };
  });
}

async function loadProperties(db: Database, productId: string, variantId: string): Promise<ProductProperty[]> {
  // Configurator groups show the current variant's value only, not every value the product offers.
  const rows = await queryRows<{ group_name: string; option_name: string }>(
    db,
    sql`select g.name as group_name, o.name as option_name
        from product_property pp
        join property_option o on o.id = pp.option_id
        join property_group g on g.id = o.group_id
        where pp.product_id = ${productId}
          and (not exists (
                select 1 from product_variant_option vo join product_variant v on v.id = vo.variant_id
                join property_option vo_o on vo_o.id = vo.option_id
                where v.product_id = ${productId} and vo_o.group_id = g.id)
            or exists (select 1 from product_variant_option vo where vo.variant_id = ${variantId} and vo.option_id = o.id))
        order by g.position, g.name, o.position, o.name`,
  );
  const properties: ProductProperty[] = [];
  for (const r of rows) {
    const last = properties.at(-1);
    if (last?.group === r.group_name) last.values.push(r.option_name);
    else properties.push({ group: r.group_name, values: [r.option_name] });
  }
  return properties;
}

interface ImageRow {
  media_id: string;
  alt: string;
  width: number;
  height: number;
  sources: MediaSource[];
}

/** The variant's own pictures first, then the product's general ones, each once. */
async function loadImages(db: Database, productId: string, variantId: string, name: string): Promise<Image[]> {
  const rows = await queryRows<ImageRow>(
    db,
    sql`select pm.media_id, me.alt, me.width, me.height, me.sources
        from product_media pm join media me on me.id = pm.media_id
        where pm.product_id = ${productId} and (pm.variant_id = ${variantId} or pm.variant_id is null)
        order by (pm.variant_id is null), pm.position`,
  );
  const seen = new Set<string>();
  return rows.flatMap((r) => {
    if (seen.has(r.media_id)) return [];
    seen.add(r.media_id);
    const image = imageFromSources(r.sources, r.alt || name, r.width, r.height);
    return image ? [image] : [];
  });
}

interface VideoRow {
  id: string;
  platform: ProductVideo["platform"];
  video_id: string;
  title: string;
  caption: string | null;
  start_seconds: number | null;
  end_seconds: number | null;
  needs_confirmation: boolean;
  preview_alt: string | null;
  preview_width: number | null;
  preview_height: number | null;
  preview_sources: MediaSource[] | null;
}

async function loadVideos(db: Database, productId: string): Promise<ProductVideo[]> {
  const rows = await queryRows<VideoRow>(
    db,
    sql`select pv.id, pv.platform, pv.video_id, pv.title, pv.caption, pv.start_seconds, pv.end_seconds,
          pv.needs_confirmation, me.alt as preview_alt, me.width as preview_width, me.height as preview_height,
          me.sources as preview_sources
        from product_video pv left join media me on me.id = pv.preview_media_id
        where pv.product_id = ${productId} order by pv.position, pv.title`,
  );
  return rows.map((r) => {
    const source = { platform: r.platform, videoId: r.video_id, startSeconds: r.start_seconds, endSeconds: r.end_seconds };
    return {
      id: r.id,
      platform: r.platform,
      hostName: VIDEO_HOST_NAMES[r.platform],
      title: r.title,
      caption: r.caption,
      embedUrl: videoEmbedUrl(source),
      watchUrl: videoWatchUrl(source),
      privacyUrl: VIDEO_PRIVACY_URLS[r.platform],
      preview: imageFromSources(r.preview_sources ?? [], r.preview_alt || r.title, r.preview_width, r.preview_height),
      needsConfirmation: r.needs_confirmation,
    };
  });
}

async function loadCrossSellings(
  db: Database,
  productId: string,
  options: { currency: string; categories: CategoryRecord[] },
): Promise<ProductDetail["crossSellings"]> {
  const groups = await queryRows<{ id: string; name: string; kind: "products" | "category"; category_id: string | null; product_ids: string[] | null }>(
    db,
    sql`select cs.id, cs.name, cs.kind, cs.category_id,
          (select array_agg(csp.product_id::text order by csp.position) from cross_selling_product csp
            where csp.cross_selling_id = cs.id) as product_ids
        from cross_selling cs where cs.product_id = ${productId} order by cs.position`,
  );
  const result = await Promise.all(
    groups.map(async (group): Promise<CrossSellingGroup | null> => {
      if (group.kind === "products") {
        const products = await productBoxes(db, group.product_ids ?? [], options.currency);
        return products.length > 0 ? { kind: "products", id: group.id, name: group.name, products } : null;
      }
      const category = options.categories.find((c) => c.id === group.category_id);
      return category ? { kind: "category", id: group.id, name: group.name, category: { name: category.name, url: category.url } } : null;
    }),
  );
  return result.filter((group) => group !== null);
}

/**
 * The products of a category's cross-selling group (top sellers, without the product itself), or null
 * when there is no such group; an empty list when the category has nothing else to show.
 */
export async function loadCategoryCrossSelling(
  db: Database,
  crossSellingId: string,
  options: { currency: string; categories: CategoryRecord[] },
): Promise<ProductBox[] | null> {
  const [group] = await queryRows<{ product_id: string; category_id: string }>(
    db,
    sql`select product_id, category_id from cross_selling where id = ${crossSellingId} and kind = 'category' and category_id is not null`,
  );
  if (!group) return null;
  const listing = await listProducts(db, {
    categoryIds: descendantIds(group.category_id, options.categories),
    order: "topseller",
    page: 1,
    limit: CROSS_SELLING_LIMIT + 1,
    currency: options.currency,
  });
  return listing.items.filter((p) => p.productId !== group.product_id).slice(0, CROSS_SELLING_LIMIT);
}

