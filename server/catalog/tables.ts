import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "../db/columns";
import type { MediaSource } from "./media";
import { videoPlatforms } from "./video";

/** PostgreSQL's full-text document type; written by `refreshProductAggregates`, never by hand. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const salesChannel = pgTable("sales_channel", {
  id: id(),
  name: text("name").notNull(),
  currency: text("currency").notNull(),
  defaultLocale: text("default_locale").notNull(),
  countryIso: text("country_iso").notNull(),
  createdAt: createdAt(),
});

/** VAT rate in basis points: 1900 = 19 %. */
export const tax = pgTable("tax", {
  id: id(),
  name: text("name").notNull(),
  rateBasisPoints: integer("rate_basis_points").notNull(),
});

export const media = pgTable("media", {
  id: id(),
  fileName: text("file_name").notNull().unique(),
  alt: text("alt").notNull().default(""),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  /** Responsive renditions, smallest first. */
  sources: jsonb("sources").$type<MediaSource[]>().notNull(),
  createdAt: createdAt(),
});

export const category = pgTable(
  "category",
  {
    id: id(),
    parentId: uuid("parent_id").references((): AnyPgColumn => category.id, { onDelete: "cascade" }),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    position: integer("position").notNull().default(0),
    level: integer("level").notNull().default(1),
    /** Ancestor ids, root first, joined and wrapped by `|`: `|root|child|`. */
    path: text("path").notNull().default("|"),
    mediaId: uuid("media_id").references(() => media.id, { onDelete: "set null" }),
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("category_parent_idx").on(t.parentId, t.position)],
);

export const manufacturer = pgTable("manufacturer", {
  id: id(),
  name: text("name").notNull().unique(),
});

export const propertyGroup = pgTable("property_group", {
  id: id(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  displayType: text("display_type", { enum: ["text", "color", "image"] }).notNull().default("text"),
  position: integer("position").notNull().default(0),
  filterable: boolean("filterable").notNull().default(true),
});

export const propertyOption = pgTable(
  "property_option",
  {
    id: id(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => propertyGroup.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    colorHex: text("color_hex"),
    mediaId: uuid("media_id").references(() => media.id, { onDelete: "set null" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("property_option_group_name_idx").on(t.groupId, t.name)],
);

export const product = pgTable(
  "product",
  {
    id: id(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    manufacturerId: uuid("manufacturer_id").references(() => manufacturer.id, { onDelete: "set null" }),
    taxId: uuid("tax_id")
      .notNull()
      .references(() => tax.id),
    active: boolean("active").notNull().default(true),
    freeShipping: boolean("free_shipping").notNull().default(false),
    /** Lowest gross price of the active variants in minor units; kept by `refreshProductAggregates`. */
    listingPrice: integer("listing_price").notNull().default(0),
    /** Average approved rating × 100 (433 = 4.33 stars), null without reviews. */
    ratingAverageCenti: integer("rating_average_centi"),
    reviewCount: integer("review_count").notNull().default(0),
    /** Units sold; orders raise it, `topseller` sorts by it. */
    sales: integer("sales").notNull().default(0),
    modelFile: text("model_file"),
    /** Delivery time in days (shown as "2-4 days"); null when the shop names none. */
    deliveryDaysMin: integer("delivery_days_min"),
    deliveryDaysMax: integer("delivery_days_max"),
    /** Days until sold-out stock is replenished; null when unknown. */
    restockDays: integer("restock_days"),
    /** Pre-order until this moment. */
    releaseDate: timestamp("release_date", { withTimezone: true }),
    /** Sold only while stock lasts: no restock, "No longer available" when gone. */
    isCloseout: boolean("is_closeout").notNull().default(false),
    /**
     * The most units of this product (all variants and purchase options together) one cart may hold;
     * null for no such limit. Unlike a variant's `max_purchase` (per line) it counts the whole cart.
     */
    maxOrderQuantity: integer("max_order_quantity"),
    /** Ordering it needs the eligibility check on the confirm page (issue 26; server/eligibility). */
    requiresEligibility: boolean("requires_eligibility").notNull().default(false),
    // Aggregates kept by `refreshProductAggregates` (server/catalog/aggregates.ts) so that one listing
    // query filters and counts without joining variants.
    /** Some active variant has at least its minimum purchase in stock. */
    available: boolean("available").notNull().default(false),
    /** Some variant is active: a product box has one to link to, so listings may show the product. */
    hasActiveVariant: boolean("has_active_variant").notNull().default(false),
    /** The categories the product is linked to (`product_category`), so a listing finds its products by index. */
    categoryIds: uuid("category_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** Property options of the product and of its active variants: the `properties` filter. */
    optionIds: uuid("option_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** Lower-case name, manufacturer, product numbers and option names: substring matching, and the words of `search_word`. */
    searchText: text("search_text").notNull().default(""),
    /** English and German stems of the same text, weighted name > manufacturer/options > description. */
    searchVector: tsvector("search_vector"),
    createdAt: createdAt(),
  },
  (t) => [
    index("product_listing_price_idx").on(t.listingPrice),
    index("product_name_idx").on(t.name),
    index("product_sales_idx").on(t.sales),
    index("product_manufacturer_idx").on(t.manufacturerId),
    index("product_category_ids_idx").using("gin", t.categoryIds),
    index("product_option_ids_idx").using("gin", t.optionIds),
    index("product_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("product_search_vector_idx").using("gin", t.searchVector),
  ],
);

export const productVariant = pgTable(
  "product_variant",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    productNumber: text("product_number").notNull().unique(),
    position: integer("position").notNull().default(0),
    stock: integer("stock").notNull().default(0),
    active: boolean("active").notNull().default(true),
    /** Material variant name inside the product's GLB model (KHR_materials_variants). */
    modelVariant: text("model_variant"),
    minPurchase: integer("min_purchase").notNull().default(1),
    maxPurchase: integer("max_purchase").notNull().default(100),
    purchaseStep: integer("purchase_step").notNull().default(1),
  },
  (t) => [
    index("product_variant_product_idx").on(t.productId, t.position),
    /** Quick order finds numbers case-insensitively (server/b2b/quick-order/products.ts). */
    index("product_variant_number_lower_idx").on(sql`lower(${t.productNumber})`),
    check("product_variant_stock_nonnegative", sql`${t.stock} >= 0`),
  ],
);

export const variantOption = pgTable(
  "product_variant_option",
  {
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariant.id, { onDelete: "cascade" }),
    optionId: uuid("option_id")
      .notNull()
      .references(() => propertyOption.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.optionId] }), index("variant_option_option_idx").on(t.optionId)],
);

export const productProperty = pgTable(
  "product_property",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    optionId: uuid("option_id")
      .notNull()
      .references(() => propertyOption.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.optionId] }), index("product_property_option_idx").on(t.optionId)],
);

export const productCategory = pgTable(
  "product_category",
  {
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => category.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index("product_category_category_idx").on(t.categoryId)],
);

/**
 * The manufacturers and property options that occur among the listed products linked to each category,
 * kept by `refreshProductAggregates` (server/catalog/facets.ts). A filtered listing names every facet
 * value of its categories from here, so it reads only the products its counts need (decision 0027).
 */
export const categoryFacet = pgTable("category_facet", {
  categoryId: uuid("category_id")
    .primaryKey()
    .references(() => category.id, { onDelete: "cascade" }),
  manufacturerIds: uuid("manufacturer_ids").array().notNull(),
  optionIds: uuid("option_ids").array().notNull(),
});

/** Images of a product; rows with a variant id show that variant only. */
export const productMedia = pgTable(
  "product_media",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id").references(() => productVariant.id, { onDelete: "cascade" }),
    mediaId: uuid("media_id")
      .notNull()
      .references(() => media.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("product_media_product_idx").on(t.productId, t.position)],
);

/** Gross and net amounts in minor units; `quantityStart` > 1 makes graduated prices. */
export const price = pgTable(
  "price",
  {
    id: id(),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariant.id, { onDelete: "cascade" }),
    currency: text("currency").notNull(),
    gross: integer("gross").notNull(),
    net: integer("net").notNull(),
    listPriceGross: integer("list_price_gross"),
    quantityStart: integer("quantity_start").notNull().default(1),
  },
  (t) => [
    uniqueIndex("price_variant_currency_qty_idx").on(t.variantId, t.currency, t.quantityStart),
    check("price_nonnegative", sql`${t.gross} >= 0 and ${t.net} >= 0`),
  ],
);

export const crossSelling = pgTable(
  "cross_selling",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
    /** `products`: a hand-picked list; `category`: the products of `categoryId`. */
    kind: text("kind", { enum: ["products", "category"] }).notNull(),
    categoryId: uuid("category_id").references(() => category.id, { onDelete: "cascade" }),
  },
  (t) => [index("cross_selling_product_idx").on(t.productId, t.position)],
);

export const crossSellingProduct = pgTable(
  "cross_selling_product",
  {
    crossSellingId: uuid("cross_selling_id")
      .notNull()
      .references(() => crossSelling.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.crossSellingId, t.productId] })],
);

/**
 * A video of a product, embedded from its host. `needsConfirmation` shows a consent placeholder (spec §4
 * "Video element") until the shopper allows `youtube-video`; the preview is one of our own media rows,
 * so the placeholder never asks the host for anything.
 */
export const productVideo = pgTable(
  "product_video",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    platform: text("platform", { enum: videoPlatforms }).notNull(),
    /** The host's id: 11 characters on YouTube, digits on Vimeo. */
    videoId: text("video_id").notNull(),
    title: text("title").notNull(),
    /** Shown under the video: credits, or what the clip shows. */
    caption: text("caption"),
    previewMediaId: uuid("preview_media_id").references(() => media.id, { onDelete: "set null" }),
    startSeconds: integer("start_seconds"),
    endSeconds: integer("end_seconds"),
    needsConfirmation: boolean("needs_confirmation").notNull().default(true),
  },
  (t) => [
    index("product_video_product_idx").on(t.productId, t.position),
    check("product_video_id_format", sql`${t.videoId} ~ '^[A-Za-z0-9_-]{1,64}$'`),
    check("product_video_range", sql`(${t.startSeconds} is null or ${t.startSeconds} >= 0) and (${t.endSeconds} is null or ${t.endSeconds} > coalesce(${t.startSeconds}, 0))`),
  ],
);

export const seoUrl = pgTable(
  "seo_url",
  {
    id: id(),
    salesChannelId: uuid("sales_channel_id")
      .notNull()
      .references(() => salesChannel.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    routeName: text("route_name", { enum: ["frontend.navigation.page", "frontend.detail.page"] }).notNull(),
    /** Category id for navigation pages, variant id for detail pages. */
    foreignKey: uuid("foreign_key").notNull(),
    isCanonical: boolean("is_canonical").notNull().default(true),
  },
  (t) => [
    uniqueIndex("seo_url_channel_path_idx").on(t.salesChannelId, t.path),
    index("seo_url_foreign_key_idx").on(t.routeName, t.foreignKey),
  ],
);
