import type { ReactNode } from "react";
import type { ProductBox } from "../../../server/catalog/types";

/**
 * The chunk of infinite-scrolling/InfiniteListing.tsx (Listing renders it lazily): routes with a listing
 * preload it in shops that have the add-on on, so it comes with the page instead of after the listing.
 */
export const INFINITE_LISTING_CHUNK = "InfiniteListing";

/** What an add-on that loads pages in place (infinite-scrolling/InfiniteListing.tsx) hands the listing. */
export interface ListingPages {
  loading: boolean;
  attributes: Record<string, string | undefined>;
  /** The product boxes of the grid. */
  items: ProductBox[];
  /** Every product loaded, wherever it is shown, while the add-on has the listing. */
  loaded: ProductBox[] | null;
  leading: ReactNode;
  trailing: ReactNode;
  before: ReactNode;
  after(delivery: Readonly<Record<string, string>>): ReactNode;
  page: number;
  pageCount: number;
}
