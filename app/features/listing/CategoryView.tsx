import { useMemo } from "react";
import { Link } from "react-router";
import type { FilterPanelData } from "../../../server/catalog/filters";
import type { Breadcrumb, CategoryNode, ListingPage } from "../../../server/catalog/types";
import { useI18n } from "../../i18n/i18n";
import { productItems } from "../../lib/analytics-items";
import { usePageAnalytics, type AnalyticsEvent } from "../../lib/analytics";
import { Breadcrumbs } from "../../ui/Breadcrumbs";
import { FilteredListing } from "./Listing";
import type { ListingConfig } from "./use-listing";

interface CategoryViewProps {
  category: { name: string; description: string };
  breadcrumbs: Breadcrumb[];
  subcategories: CategoryNode[];
  listing: ListingPage;
  filters: FilterPanelData | null;
  listingConfig: ListingConfig;
}

/** The products of the listing as first shown (spec §4 analytics: product index). */
const listingEvent = (listing: ListingPage): AnalyticsEvent => ({ name: "view_item_list", items: productItems(listing.items) });

export function CategoryView({ category, breadcrumbs, subcategories, listing, filters, listingConfig }: CategoryViewProps) {
  const { t } = useI18n();
  usePageAnalytics(listing, listingEvent);
  return (
    <div className="container page">
      <Breadcrumbs items={breadcrumbs} />
      <header className="page-header">
        <h1>{category.name}</h1>
        {category.description && <p className="page-header__lead">{category.description}</p>}
      </header>
      {subcategories.length > 0 && (
        <nav aria-label={t("listing.subcategories")} className="chips">
          {subcategories.map((c) => (
            <Link key={c.id} to={c.url} className="chip">
              {c.name}
            </Link>
          ))}
        </nav>
      )}
      <FilteredListing initial={useMemo(() => ({ listing, filters }), [listing, filters])} config={listingConfig} />
    </div>
  );
}
