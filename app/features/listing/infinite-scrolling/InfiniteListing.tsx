import type { ReactNode, RefObject } from "react";
import type { ListingPage } from "../../../../server/catalog/types";
import type { ListingPages } from "../listing-pages";
import type { ListingConfig } from "../use-listing";
import { lastLoaded, LISTING_OVERRIDE_ATTRIBUTE, loadedItems, placePages } from "./config";
import { CustomTargetPages, InfiniteMore, InfinitePrevious, LoadingPlaceholders } from "./InfiniteScrolling";
import { useInfiniteScrolling } from "./use-infinite-scrolling";

interface InfiniteListingProps {
  listing: ListingPage;
  config: ListingConfig;
  listingRef: RefObject<HTMLElement | null>;
  /** Set while the add-on has the listing: the listing then does not scroll to its top (spec §9). */
  activeRef: RefObject<boolean>;
  children(pages: ListingPages): ReactNode;
}

/**
 * The infinite-scrolling add-on's part of a listing: a chunk of its own, which `FilteredListing` loads
 * only in shops that switch the add-on on. It hands the listing the loaded pages, each where it is
 * shown, the elements around the grid and the pagination of the latest answer.
 */
export default function InfiniteListing({ listing, config, listingRef, activeRef, children }: InfiniteListingProps) {
  const infinite = useInfiniteScrolling(listing, config, listingRef);
  const { settings, state } = infinite;
  activeRef.current = settings !== null;
  const placed = settings ? placePages(settings, state) : null;
  const placeholders = <LoadingPlaceholders count={listing.limit} />;
  return children({
    loading: Boolean(state.loading),
    attributes: { [LISTING_OVERRIDE_ATTRIBUTE]: settings ? "active" : undefined },
    items: placed ? loadedItems(placed.grid) : listing.items,
    loaded: settings ? loadedItems(state.pages) : null,
    leading: settings && state.loading === "prepend" && !settings.prependSelector && placeholders,
    trailing: settings && state.loading === "append" && !settings.appendSelector && placeholders,
    before: <InfinitePrevious infinite={infinite} />,
    after: (delivery) => (
      <>
        {placed && settings?.prependSelector && (
          <CustomTargetPages selector={settings.prependSelector} position="prepend" products={loadedItems(placed.before)} delivery={delivery} />
        )}
        {placed && settings?.appendSelector && (
          <CustomTargetPages selector={settings.appendSelector} position="append" products={loadedItems(placed.after)} delivery={delivery} />
        )}
        <InfiniteMore infinite={infinite} />
      </>
    ),
    page: settings ? lastLoaded(state) : listing.page,
    pageCount: settings ? state.lastPage : listing.pageCount,
  });
}
