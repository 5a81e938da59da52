import type { SubscriptionPlanView } from "../subscription/plans";
import type { SortingKey } from "../../kernel/sorting";
import type { VideoPlatform } from "./video";
import type { ReviewSummary } from "../reviews/types";

/** A picture as pages send it (server/catalog/image.ts); its renditions' addresses follow kernel/media-renditions.ts. */
export interface Image {
  /** The largest JPEG rendition: the `src`, and the name the other renditions' names derive from. */
  url: string;
  alt: string;
  width: number;
  height: number;
  /** Widths the picture has in both WebP and JPEG, smallest first. */
  widths: number[];
}

export interface Money {
  /** Minor units (cents). */
  amount: number;
  currency: string;
}

export interface CategoryNode {
  id: string;
  name: string;
  url: string;
  parentId: string | null;
  children: CategoryNode[];
}

export interface Breadcrumb {
  name: string;
  url: string;
}

export interface ProductBox {
  productId: string;
  variantId: string;
  productNumber: string;
  name: string;
  url: string;
  manufacturer: string | null;
  image: Image | null;
  price: Money;
  /** The gross price before a reduction, when the product is on sale. */
  listPrice: Money | null;
  /** True when the variants have different prices: the price reads "from". */
  priceFrom: boolean;
  ratingAverage: number | null;
  reviewCount: number;
  /** The subscriptions the box offers besides the one-time purchase, priced for the variant it adds; empty when none. */
  subscriptionPlans: SubscriptionPlanView[];
  /** The best discount of `subscriptionPlans` (0 = plans without one), for the box's badge; null without plans. */
  subscriptionDiscount: number | null;
}

export type { SortingKey };

/** Listing sortings: the shop's keys plus `score` (relevance) on search results and `newest` (AI search). */
export type ListingSorting = SortingKey | "score" | "newest";

export interface ListingPage {
  items: ProductBox[];
  total: number;
  page: number;
  pageCount: number;
  limit: number;
  order: ListingSorting;
}

/** Facet counts of a listing (see `queryListing`); prices in minor units. */
export interface ListingAggregations {
  manufacturers: { id: string; name: string; count: number }[];
  /** Property option id → products. Options of the listing that are not combinable count 0. */
  options: Record<string, number>;
  price: { min: number; max: number } | null;
  /** The best average rating, rounded down: rating options above it find nothing. */
  ratingMax: number;
  shippingFree: number;
  instantDelivery: number;
}

export interface ConfiguratorOption {
  id: string;
  name: string;
  colorHex: string | null;
  selected: boolean;
  /** Whether some active variant combines this option with the other current choices. */
  combinable: boolean;
}

export interface ConfiguratorGroup {
  id: string;
  name: string;
  displayType: "text" | "color" | "image";
  options: ConfiguratorOption[];
}

export interface ProductProperty {
  group: string;
  values: string[];
}

export type StockState = "in-stock" | "low-stock" | "sold-out";

/**
 * A cross-selling tab of the product page. Hand-picked groups come with their products; a category's
 * group names the category, and the page loads its products from `frontend.product.cross-selling`
 * when the tab is first shown (extensions spec §7).
 */
export type CrossSellingGroup =
  | { kind: "products"; id: string; name: string; products: ProductBox[] }
  | { kind: "category"; id: string; name: string; category: { name: string; url: string } };

export interface ProductDetail {
  productId: string;
  variantId: string;
  productNumber: string;
  name: string;
  description: string;
  url: string;
  manufacturer: string | null;
  images: Image[];
  price: Money;
  listPrice: Money | null;
  taxRateBasisPoints: number;
  freeShipping: boolean;
  stock: number;
  stockState: StockState;
  minPurchase: number;
  maxPurchase: number;
  purchaseStep: number;
  /** Most units of the product one cart may hold (all variants and plans); null without a limit. */
  maxOrderQuantity: number | null;
  /** The subscriptions offered besides the one-time purchase; empty when none. */
  subscriptionPlans: SubscriptionPlanView[];
  configurator: ConfiguratorGroup[];
  properties: ProductProperty[];
  reviews: ReviewSummary;
  breadcrumbs: Breadcrumb[];
  crossSellings: CrossSellingGroup[];
  model: ProductModel | null;
  videos: ProductVideo[];
}

/** A product's 3D model (GLB) and, for a variant, the material variant (KHR_materials_variants) it shows. */
export interface ProductModel {
  url: string;
  variantName: string | null;
}

/** A product video as the page shows it: the URLs are built on the server (`catalog/video.ts`). */
export interface ProductVideo {
  id: string;
  platform: VideoPlatform;
  /** "YouTube" or "Vimeo", for the consent notice. */
  hostName: string;
  title: string;
  caption: string | null;
  /** The iframe's `src`; requested only once the shopper allowed `youtube-video` (or without confirmation). */
  embedUrl: string;
  /** The video's page on the host: the placeholder's link without JavaScript. */
  watchUrl: string;
  privacyUrl: string;
  /** Our own picture for the placeholder; never one of the host's. */
  preview: Image | null;
  needsConfirmation: boolean;
}

/** One level of the slide-out category menu (`frontend.menu.offcanvas`). */
export interface MenuLevel {
  /** The category whose children are listed; null at the root. */
  current: { id: string; name: string; url: string } | null;
  /** Where "Back" leads: the parent's id, or null for the root level. */
  parentId: string | null;
  items: { id: string; name: string; url: string; hasChildren: boolean }[];
}
