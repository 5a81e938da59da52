import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import type { MediaSource } from "../catalog/media";
import { videoPlatforms } from "../catalog/video";
import { salutations } from "../customer/types";
import type { TaxLine } from "../pricing/calculate";
import { subscriptionIntervalUnits } from "../subscription/pricing";

/** PostgreSQL's full-text document type; written by `refreshProductAggregates`, never by hand. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

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

/**
 * The catalog's distinct words of three letters or more without digits, taken from `product.search_text`
 * by `refreshProductAggregates`. The search looks up typos and parts of compounds here with pg_trgm
 * (hundreds of words) instead of comparing every product row.
 */
export const searchWord = pgTable(
  "search_word",
  { word: text("word").primaryKey() },
  (t) => [index("search_word_trgm_idx").using("gin", t.word.op("gin_trgm_ops"))],
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

/**
 * A subscription a product offers: delivered every `interval_count` weeks or months at a discount.
 * The shop records the chosen plan on the cart and order line; it runs no recurring billing.
 */
export const subscriptionPlan = pgTable(
  "subscription_plan",
  {
    id: id(),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    intervalCount: integer("interval_count").notNull(),
    intervalUnit: text("interval_unit", { enum: subscriptionIntervalUnits }).notNull(),
    discountPercent: integer("discount_percent").notNull().default(0),
    position: integer("position").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    index("subscription_plan_product_idx").on(t.productId, t.position),
    check("subscription_plan_interval_positive", sql`${t.intervalCount} > 0`),
    check("subscription_plan_discount_range", sql`${t.discountPercent} >= 0 and ${t.discountPercent} < 100`),
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
    /** The customer who wrote it; null for the demo reviews and after the account is deleted. */
    customerId: uuid("customer_id").references((): AnyPgColumn => customer.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    /** The shop's answer to the review, shown under it. */
    comment: text("comment"),
    rating: smallint("rating").notNull(),
    /** ISO 639-1 code detected when written (server/reviews/language.ts); `und` when undetermined. */
    language: text("language").notNull().default("en"),
    status: text("status", { enum: ["pending", "approved", "rejected"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
  },
  (t) => [
    index("review_product_idx").on(t.productId, t.status, t.createdAt),
    // One review per customer and product: writing again replaces it (docs/decisions/0021).
    uniqueIndex("review_product_customer_idx").on(t.productId, t.customerId),
    check("review_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * Machine translations of reviews, reused while the review's text is unchanged (`source_hash`) and
 * the same provider translates; the original review is never overwritten.
 */
export const reviewTranslation = pgTable(
  "review_translation",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => review.id, { onDelete: "cascade" }),
    targetLocale: text("target_locale").notNull(),
    provider: text("provider").notNull(),
    sourceHash: text("source_hash").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    comment: text("comment"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.targetLocale, t.provider] })],
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

// ---------------------------------------------------------------------------------------------------
// Store setup: countries, shipping and payment methods, promotions (spec §5, DESIGN §4).

export const country = pgTable("country", {
  id: id(),
  iso: text("iso").notNull().unique(),
  name: text("name").notNull(),
  position: integer("position").notNull().default(0),
  active: boolean("active").notNull().default(true),
  stateRequired: boolean("state_required").notNull().default(false),
  zipcodeRequired: boolean("zipcode_required").notNull().default(true),
  vatIdRequired: boolean("vat_id_required").notNull().default(false),
});

export const countryState = pgTable(
  "country_state",
  {
    id: id(),
    countryId: uuid("country_id")
      .notNull()
      .references(() => country.id, { onDelete: "cascade" }),
    /** ISO 3166-2 code, e.g. `US-CA`. */
    code: text("code").notNull().unique(),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("country_state_country_idx").on(t.countryId, t.position)],
);

export const shippingMethod = pgTable("shipping_method", {
  id: id(),
  technicalName: text("technical_name").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  deliveryTime: text("delivery_time").notNull().default(""),
  position: integer("position").notNull().default(0),
  active: boolean("active").notNull().default(true),
  /** Cost in minor units, gross. */
  priceGross: integer("price_gross").notNull(),
  /** From this positions total (gross, after discounts) shipping is free; null = never. */
  freeFromGross: integer("free_from_gross"),
});

export const paymentMethod = pgTable("payment_method", {
  id: id(),
  /** `invoice`, `prepayment`, `cash_on_delivery`; payment extensions add their own. */
  technicalName: text("technical_name").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  position: integer("position").notNull().default(0),
  active: boolean("active").notNull().default(true),
});

export const promotion = pgTable(
  "promotion",
  {
    id: id(),
    name: text("name").notNull(),
    /** Stored upper case; codes are matched case-insensitively. */
    code: text("code").notNull().unique(),
    discountType: text("discount_type", { enum: ["percentage", "absolute"] }).notNull(),
    /** Basis points for percentage (1000 = 10 %), minor units for absolute discounts. */
    discountValue: integer("discount_value").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }),
    validUntil: timestamp("valid_until", { withTimezone: true }),
    /** Orders that may use it in total; null = unlimited. */
    maxUses: integer("max_uses"),
    usedCount: integer("used_count").notNull().default(0),
    active: boolean("active").notNull().default(true),
    /**
     * Whether it applies together with other promotions that combine too. By default a promotion is
     * exclusive: a cart gets its discount alone (server/cart/load.ts `promotionStates`).
     */
    combinable: boolean("combinable").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check("promotion_value_positive", sql`${t.discountValue} > 0`),
    check("promotion_uses_within_limit", sql`${t.maxUses} is null or ${t.usedCount} <= ${t.maxUses}`),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Customers and sessions (the account issue builds on these).

export const customer = pgTable(
  "customer",
  {
    id: id(),
    salesChannelId: uuid("sales_channel_id")
      .notNull()
      .references(() => salesChannel.id, { onDelete: "cascade" }),
    /** Stored lower case. */
    email: text("email").notNull(),
    /** scrypt hash; null for guests, who have no password. */
    passwordHash: text("password_hash"),
    guest: boolean("guest").notNull().default(false),
    salutation: text("salutation", { enum: salutations }).notNull().default("not_specified"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    company: text("company"),
    vatId: text("vat_id"),
    /** Optional, entered with the date picker (ISO date). */
    birthday: date("birthday", { mode: "string" }),
    defaultBillingAddressId: uuid("default_billing_address_id").references((): AnyPgColumn => customerAddress.id, {
      onDelete: "set null",
    }),
    defaultShippingAddressId: uuid("default_shipping_address_id").references((): AnyPgColumn => customerAddress.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("customer_account_email_idx").on(t.salesChannelId, t.email).where(sql`not ${t.guest}`)],
);

export const customerAddress = pgTable(
  "customer_address",
  {
    id: id(),
    customerId: uuid("customer_id")
      .notNull()
      .references((): AnyPgColumn => customer.id, { onDelete: "cascade" }),
    salutation: text("salutation", { enum: salutations }).notNull().default("not_specified"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    company: text("company"),
    street: text("street").notNull(),
    zipcode: text("zipcode").notNull().default(""),
    city: text("city").notNull(),
    countryId: uuid("country_id")
      .notNull()
      .references(() => country.id),
    countryStateId: uuid("country_state_id").references(() => countryState.id),
    phone: text("phone"),
    createdAt: createdAt(),
  },
  (t) => [index("customer_address_customer_idx").on(t.customerId)],
);

/** A visitor's login: the cookie holds a random token, the table only its SHA-256 hash. */
export const session = pgTable(
  "session",
  {
    tokenHash: text("token_hash").primaryKey(),
    customerId: uuid("customer_id").references(() => customer.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("session_expires_idx").on(t.expiresAt)],
);

/**
 * A customer's wishlist (spec §3): one row per product, newest first by `added_at`. Guests keep theirs in
 * local storage; only accounts (not checkout guests) have rows here. Deleting the product or the customer
 * deletes the entry.
 */
export const wishlistProduct = pgTable(
  "wishlist_product",
  {
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customer.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.productId] }),
    index("wishlist_product_customer_added_idx").on(t.customerId, t.addedAt.desc()),
    index("wishlist_product_product_idx").on(t.productId),
  ],
);

// ---------------------------------------------------------------------------------------------------
// Carts: found by the SHA-256 hash of the token in the visitor's HttpOnly cookie.

export const cart = pgTable(
  "cart",
  {
    id: id(),
    tokenHash: text("token_hash").notNull().unique(),
    salesChannelId: uuid("sales_channel_id")
      .notNull()
      .references(() => salesChannel.id, { onDelete: "cascade" }),
    /** Raised by every change; an order is placed for one revision, which makes placing idempotent. */
    revision: integer("revision").notNull().default(0),
    shippingMethodId: uuid("shipping_method_id").references(() => shippingMethod.id, { onDelete: "set null" }),
    paymentMethodId: uuid("payment_method_id").references(() => paymentMethod.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("cart_updated_idx").on(t.updatedAt)],
);

export const cartLineItem = pgTable(
  "cart_line_item",
  {
    id: id(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => cart.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariant.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /** The chosen subscription; null for a one-time purchase. A plan and a one-time purchase are two lines. */
    subscriptionPlanId: uuid("subscription_plan_id").references(() => subscriptionPlan.id, { onDelete: "cascade" }),
    // What the shopper chose, kept as chosen: the line's price follows this discount.
    subscriptionIntervalCount: integer("subscription_interval_count"),
    subscriptionIntervalUnit: text("subscription_interval_unit", { enum: subscriptionIntervalUnits }),
    subscriptionDiscountPercent: integer("subscription_discount_percent"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("cart_line_item_cart_variant_plan_key").on(t.cartId, t.variantId, t.subscriptionPlanId).nullsNotDistinct(),
    check("cart_line_item_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const cartPromotion = pgTable(
  "cart_promotion",
  {
    cartId: uuid("cart_id")
      .notNull()
      .references(() => cart.id, { onDelete: "cascade" }),
    promotionId: uuid("promotion_id")
      .notNull()
      .references(() => promotion.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.promotionId] })],
);

// ---------------------------------------------------------------------------------------------------
// Orders: everything a shopper saw is copied, so later catalog changes never alter a placed order.

export const orderNumberSequence = pgSequence("order_number_seq", { startWith: 10001 });

export const orderStates = ["open", "in_progress", "completed", "cancelled"] as const;

export const customerOrder = pgTable(
  "customer_order",
  {
    id: id(),
    orderNumber: text("order_number").notNull().unique(),
    salesChannelId: uuid("sales_channel_id")
      .notNull()
      .references(() => salesChannel.id),
    customerId: uuid("customer_id").references(() => customer.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    /** The cart and revision it was placed from: one order per cart revision. */
    cartId: uuid("cart_id").notNull(),
    cartRevision: integer("cart_revision").notNull(),
    status: text("status", { enum: orderStates }).notNull().default("open"),
    currency: text("currency").notNull(),
    positionsGross: integer("positions_gross").notNull(),
    discountGross: integer("discount_gross").notNull(),
    shippingGross: integer("shipping_gross").notNull(),
    netTotal: integer("net_total").notNull(),
    taxTotal: integer("tax_total").notNull(),
    grossTotal: integer("gross_total").notNull(),
    taxes: jsonb("taxes").$type<TaxLine[]>().notNull(),
    customerComment: text("customer_comment"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("customer_order_cart_revision_idx").on(t.cartId, t.cartRevision),
    index("customer_order_customer_idx").on(t.customerId, t.createdAt),
  ],
);

export const orderAddress = pgTable(
  "order_address",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => customerOrder.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["billing", "shipping"] }).notNull(),
    salutation: text("salutation", { enum: salutations }).notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    company: text("company"),
    street: text("street").notNull(),
    zipcode: text("zipcode").notNull(),
    city: text("city").notNull(),
    countryIso: text("country_iso").notNull(),
    countryName: text("country_name").notNull(),
    stateName: text("state_name"),
    phone: text("phone"),
    vatId: text("vat_id"),
  },
  (t) => [uniqueIndex("order_address_order_kind_idx").on(t.orderId, t.kind)],
);

export const orderLineItem = pgTable(
  "order_line_item",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => customerOrder.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    type: text("type", { enum: ["product", "promotion"] }).notNull(),
    productId: uuid("product_id").references(() => product.id, { onDelete: "set null" }),
    variantId: uuid("variant_id").references(() => productVariant.id, { onDelete: "set null" }),
    promotionId: uuid("promotion_id").references(() => promotion.id, { onDelete: "set null" }),
    /** Product number, or the promotion code. */
    reference: text("reference").notNull(),
    label: text("label").notNull(),
    /** The chosen options, e.g. "Color: Blue, Size: M". */
    options: text("options").notNull().default(""),
    quantity: integer("quantity").notNull(),
    unitGross: integer("unit_gross").notNull(),
    totalGross: integer("total_gross").notNull(),
    /** Null on promotion lines, whose tax is split over the rates of the products. */
    taxRateBasisPoints: integer("tax_rate_basis_points"),
    /** The subscription chosen for this line (recorded only: no recurring orders are placed). */
    subscriptionPlanId: uuid("subscription_plan_id").references(() => subscriptionPlan.id, { onDelete: "set null" }),
    subscriptionIntervalCount: integer("subscription_interval_count"),
    subscriptionIntervalUnit: text("subscription_interval_unit", { enum: subscriptionIntervalUnits }),
    subscriptionDiscountPercent: integer("subscription_discount_percent"),
  },
  (t) => [index("order_line_item_order_idx").on(t.orderId, t.position)],
);

export const orderDelivery = pgTable(
  "order_delivery",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => customerOrder.id, { onDelete: "cascade" }),
    shippingMethodId: uuid("shipping_method_id").references(() => shippingMethod.id, { onDelete: "set null" }),
    shippingMethodName: text("shipping_method_name").notNull(),
    status: text("status", { enum: ["open", "shipped", "partially_shipped", "returned", "cancelled"] })
      .notNull()
      .default("open"),
    shippingGross: integer("shipping_gross").notNull(),
    trackingCodes: text("tracking_codes").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [index("order_delivery_order_idx").on(t.orderId)],
);

export const orderTransaction = pgTable(
  "order_transaction",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => customerOrder.id, { onDelete: "cascade" }),
    paymentMethodId: uuid("payment_method_id").references(() => paymentMethod.id, { onDelete: "set null" }),
    paymentMethodName: text("payment_method_name").notNull(),
    amountGross: integer("amount_gross").notNull(),
    status: text("status", { enum: ["open", "paid", "cancelled", "failed"] }).notNull().default("open"),
  },
  (t) => [index("order_transaction_order_idx").on(t.orderId)],
);

/** What each order line's shipment carries: the per-item shipping info of the order history (spec §4). */
export const orderLineItemShipment = pgTable(
  "order_line_item_shipment",
  {
    id: id(),
    orderLineItemId: uuid("order_line_item_id")
      .notNull()
      .references(() => orderLineItem.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    carrier: text("carrier").notNull(),
    trackingCode: text("tracking_code"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("order_line_item_shipment_line_idx").on(t.orderLineItemId)],
);

// ---------------------------------------------------------------------------------------------------
// Accounts and forms: password reset, login throttling, captchas, contact messages, shop settings.

/** A password reset mail's token: the mail carries the token, the table its SHA-256 hash; single use. */
export const passwordResetToken = pgTable(
  "password_reset_token",
  {
    tokenHash: text("token_hash").primaryKey(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customer.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_token_customer_idx").on(t.customerId), index("password_reset_token_expires_idx").on(t.expiresAt)],
);

/**
 * Failed attempts per key (`login:ip:…`, `login:account:…`, `register:ip:…`) in a fixed window: kept
 * in the database, so every app server counts the same attempts.
 */
export const authThrottle = pgTable(
  "auth_throttle",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull().default(0),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("auth_throttle_window_idx").on(t.windowStartedAt)],
);

/** A basic captcha's code (hashed); deleted when checked, so each code is good for one answer. */
export const captchaChallenge = pgTable(
  "captcha_challenge",
  {
    id: id(),
    formId: text("form_id").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("captcha_challenge_expires_idx").on(t.expiresAt)],
);

export const contactMessage = pgTable("contact_message", {
  id: id(),
  salesChannelId: uuid("sales_channel_id")
    .notNull()
    .references(() => salesChannel.id, { onDelete: "cascade" }),
  salutation: text("salutation", { enum: salutations }).notNull().default("not_specified"),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone"),
  subject: text("subject").notNull(),
  comment: text("comment").notNull(),
  createdAt: createdAt(),
});

/** A shop operator's settings per sales channel (captcha switches, …); absent keys take their defaults. */
export const shopSetting = pgTable(
  "shop_setting",
  {
    salesChannelId: uuid("sales_channel_id")
      .notNull()
      .references(() => salesChannel.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: jsonb("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.salesChannelId, t.key] })],
);

/** Text in every shop language: `{ en: "…", de: "…" }`. */
export type LocalizedText = Record<string, string>;

/**
 * The cookie consent's groups (spec §4, §9): what the cookie bar and the settings panel offer. Data, so a
 * shop adds its own group or cookie with an insert. `feature` names what the group or cookie belongs to
 * ("google-analytics", "wishlist", …): it is offered only while that feature is on; null is always.
 */
export const cookieGroup = pgTable("cookie_group", {
  id: uuid("id").primaryKey().defaultRandom(),
  technicalName: text("technical_name").notNull().unique(),
  position: integer("position").notNull().default(0),
  /** Technically required: checked and disabled in the panel. */
  required: boolean("required").notNull().default(false),
  name: jsonb("name").$type<LocalizedText>().notNull(),
  description: jsonb("description").$type<LocalizedText>().notNull().default({}),
  feature: text("feature"),
});

export const cookieEntry = pgTable(
  "cookie_entry",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => cookieGroup.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    /** The cookie's name in the browser. */
    cookie: text("cookie").notNull(),
    /** What consent writes; null for cookies the shop sets itself (consent never writes them). */
    value: text("value"),
    expirationDays: integer("expiration_days"),
    name: jsonb("name").$type<LocalizedText>().notNull(),
    /** Listed in the data but not shown in the panel (`cookie-preference` itself). */
    hidden: boolean("hidden").notNull().default(false),
    feature: text("feature"),
  },
  (t) => [uniqueIndex("cookie_entry_group_cookie_idx").on(t.groupId, t.cookie)],
);
