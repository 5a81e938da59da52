import { Form, Link, useNavigate, useSearchParams } from "react-router";
import type { ListingPage } from "../../../server/catalog/types";
import { useI18n } from "../../i18n/i18n";
import { sortingKeys } from "../../lib/sorting";
import { Icon } from "../../ui/Icon";
import { ProductGrid } from "../../ui/ProductBox";
import { listingHref, paginationWindow } from "./listing-url";
import "./Listing.css";

/** Sorting as a GET form: a button submits it without JavaScript; with it, a change navigates at once. */
function Sorting({ order }: { order: string }) {
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
        {sortingKeys.map((key) => (
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
            <Link to={listingHref(params, { p: page - 1 })} aria-label={t("pagination.previous")} className="pagination__step">
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
            <Link to={listingHref(params, { p: page + 1 })} aria-label={t("pagination.next")} className="pagination__step">
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

/** Result count, sorting, product boxes and pagination of a category or search page. */
export function Listing({ listing }: { listing: ListingPage }) {
  const { t } = useI18n();
  return (
    <section className="listing" id="listing">
      <div className="listing__toolbar">
        <p className="listing__count" role="status">
          {listing.total === 1 ? t("listing.product") : t("listing.products", { count: listing.total })}
        </p>
        <Sorting order={listing.order} />
      </div>
      {listing.items.length > 0 ? <ProductGrid products={listing.items} priorityCount={2} /> : <p className="listing__empty">{t("listing.empty")}</p>}
      <Pagination page={listing.page} pageCount={listing.pageCount} />
    </section>
  );
}
