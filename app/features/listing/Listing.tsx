import { lazy, useRef } from "react";
import { Form, Link, useNavigate, useRouteLoaderData, useSearchParams } from "react-router";
import type { ListingPage, ListingSorting } from "../../../server/catalog/types";
import { useI18n } from "../../i18n/i18n";
import { sortingKeys } from "../../../kernel/sorting";
import { Icon } from "../../ui/Icon";
import { ProductGrid } from "../../ui/ProductBox";
import { ListingFilters } from "./FilterPanel";
import type { ListingPages } from "./listing-pages";
import { listingHref, paginationWindow } from "./listing-url";
import { useDeliveryInformation } from "./use-delivery-information";
import { useListing, type ListingConfig, type ListingData } from "./use-listing";
import "./Listing.css";

/** Infinite scrolling's code: loaded only in shops that switch it on (the root loader's `infiniteScrolling`). */
const InfiniteListing = lazy(() => import("./infinite-scrolling/InfiniteListing"));

/** Sorting as a GET form: a button submits it without JavaScript; with it, a change navigates at once. */
function Sorting({ order, sortings }: { order: string; sortings: readonly ListingSorting[] }) {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const kept = [...params.entries()].filter(([key]) => key !== "order" && key !== "p");
  return (
    <Form method="get" className="sorting" preventScrollReset>
      {kept.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor="listing-sorting">{t("listing.sorting")}</label>
      <select
        id="listing-sorting"
        name="order"
        value={order}
        onChange={(event) => navigate(listingHref(params, { order: event.target.value }), { preventScrollReset: true })}
      >
        {sortings.map((key) => (
          <option key={key} value={key}>
            {t(`sort.${key}`)}
          </option>
        ))}
      </select>
      {/* Without JavaScript the form needs a button; with it, changing the select is enough. */}
      <noscript>
        <button type="submit" className="button button--secondary">
          {t("listing.sort")}
        </button>
      </noscript>
    </Form>
  );
}

function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useI18n();
  const [params] = useSearchParams();
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={t("pagination")}>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={listingHref(params, { p: page - 1 })} preventScrollReset aria-label={t("pagination.previous")} className="pagination__step">
              <Icon name="chevronLeft" size={20} />
            </Link>
          ) : (
            <span className="pagination__step" aria-hidden="true"><Icon name="chevronLeft" size={20} /></span>
          )}
        </li>
        {paginationWindow(page, pageCount).map((n, index) => (
          <li key={n ?? `gap-${index}`}>
            {n === null ? (
              <span className="pagination__gap">…</span>
            ) : (
              <Link
                to={listingHref(params, { p: n })}
                preventScrollReset
                aria-label={t("pagination.page", { page: n })}
                aria-current={n === page ? "page" : undefined}
              >
                {n}
              </Link>
            )}
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <Link to={listingHref(params, { p: page + 1 })} preventScrollReset aria-label={t("pagination.next")} className="pagination__step">
              <Icon name="chevronRight" size={20} />
            </Link>
          ) : (
            <span className="pagination__step" aria-hidden="true"><Icon name="chevronRight" size={20} /></span>
          )}
        </li>
      </ul>
    </nav>
  );
}

interface ListingProps {
  listing: ListingPage;
  sortings?: readonly ListingSorting[];
  loading?: boolean;
  error?: boolean;
  listingRef?: React.Ref<HTMLElement>;
  /** The infinite-scrolling add-on, when the page has it: loaded pages instead of one. */
  pages?: ListingPages;
}

/** Result count, sorting, product boxes and pagination of a category or search page. */
export function Listing({ listing, sortings = sortingKeys, loading = false, error = false, listingRef, pages }: ListingProps) {
  const { t } = useI18n();
  const items = pages?.items ?? listing.items;
  const delivery = useDeliveryInformation(pages?.loaded ?? items, listing);
  return (
    <section
      className={`listing ${loading ? "has-element-loader" : ""}`}
      id="listing"
      ref={listingRef}
      aria-busy={loading || pages?.loading ? true : undefined}
      {...pages?.attributes}
    >
      <div className="listing__toolbar">
        <p className="listing__count">
          {listing.total === 1 ? t("listing.product") : t("listing.products", { count: listing.total })}
        </p>
        <Sorting order={listing.order} sortings={sortings} />
      </div>
      {error && (
        <p className="listing__error" role="alert">
          {t("filter.error")}
        </p>
      )}
      {pages?.before}
      {items.length > 0 ? (
        <ProductGrid products={items} priorityCount={2} delivery={delivery} leading={pages?.leading} trailing={pages?.trailing} />
      ) : (
        <p className="listing__empty">{t("listing.empty")}</p>
      )}
      {pages?.after(delivery)}
      {/* With infinite scrolling hidden, and replaced from each response. */}
      <Pagination page={pages?.page ?? listing.page} pageCount={pages?.pageCount ?? listing.pageCount} />
    </section>
  );
}

/** "Showing N products." or, on one page of several, "Showing N out of M products." (reference §6.1). */
export function useResultAnnouncement() {
  const { t } = useI18n();
  return (listing: ListingPage) =>
    listing.pageCount > 1
      ? t("filter.showingPaged", { count: listing.items.length, total: listing.total })
      : listing.total === 1
        ? t("filter.showingOne")
        : t("filter.showing", { count: listing.total });
}

/**
 * A listing with its filter panel: the address bar holds the state, changes fetch the listing data URL
 * (see `useListing`), and a polite live region announces the new result count.
 */
export function FilteredListing({ initial, config, sortings }: { initial: ListingData; config: ListingConfig; sortings?: readonly ListingSorting[] }) {
  const announce = useResultAnnouncement();
  const infiniteActive = useRef(false);
  const state = useListing(initial, config, announce, () => !infiniteActive.current);
  const infiniteScrolling = useRouteLoaderData<{ infiniteScrolling: unknown }>("root")?.infiniteScrolling;
  const listing = (pages?: ListingPages) => (
    <Listing listing={state.data.listing} sortings={sortings} loading={state.loading} error={state.error} listingRef={state.listingRef} pages={pages} />
  );
  return (
    <>
      <ListingFilters panel={state.data.filters} availability={state.filters} config={config} loading={state.loading} onApply={state.applyFilters} />
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {state.announcement}
      </p>
      {infiniteScrolling ? (
        <InfiniteListing listing={state.data.listing} config={config} listingRef={state.listingRef} activeRef={infiniteActive}>
          {listing}
        </InfiniteListing>
      ) : (
        listing()
      )}
    </>
  );
}
