import type { ReactNode } from "react";
import type { ProductBox } from "../../../server/catalog/types";

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
