import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

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

export interface MediaSource {
  width: number;
  height: number;
  format: "webp" | "jpeg";
  url: string;
}

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
    createdAt: createdAt(),
  },
  (t) => [
    index("product_listing_price_idx").on(t.listingPrice),
    index("product_name_idx").on(t.name),
    index("product_sales_idx").on(t.sales),
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

export const review = pgTable(
  "review",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    authorName: text("author_name").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    rating: smallint("rating").notNull(),
    language: text("language").notNull().default("en"),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
  },
  (t) => [
    index("review_product_idx").on(t.productId, t.status, t.createdAt),
    check("review_rating_range", sql`${t.rating} between 1 and 5`),
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
