import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { ProductBox } from "../../../server/catalog/types";
import type { GuestWishlistPageletAnswer, WishlistPageletAnswer } from "../../../server/http/wishlist";
import { useI18n } from "../../i18n/i18n";
import { postJson } from "../../lib/http";
import { Icon } from "../../ui/Icon";
import { ProductGrid } from "../../ui/ProductBox";
import { useRoutePath } from "../../ui/use-route-path";
import { newestFirst } from "./guest-list";
import { forgetWishlistProducts, useWishlist } from "./use-wishlist";
import "./Wishlist.css";

type PageState = { status: "loading" } | { status: "error" } | { status: "ready"; products: ProductBox[] };

/**
 * `/wishlist` (spec §2, §4): the page is the same for everyone; the browser fills it. Guests see the
 * products of their local list through the guest pagelet (ids newest first; ids the shop does not show
 * any more are dropped from storage), customers their server list. A product taken off the list leaves
 * the page at once; the last one leaves the empty state.
 */
export function WishlistPage() {
  const { t } = useI18n();
  const path = useRoutePath();
  const { storage, products, merges } = useWishlist();
  const [page, setPage] = useState<PageState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const stored = useRef(products);
  stored.current = products;

  useEffect(() => {
    if (storage === "pending") return;
    if (storage === "none") return setPage({ status: "error" });
    const controller = new AbortController();
    const load = async (): Promise<ProductBox[]> => {
      if (storage === "server") {
        return (await postJson<WishlistPageletAnswer>("frontend.wishlist.product.merge.pagelet", {}, { signal: controller.signal })).products;
      }
      const productIds = newestFirst(stored.current);
      if (productIds.length === 0) return [];
      const answer = await postJson<GuestWishlistPageletAnswer>("frontend.wishlist.guestPage.pagelet", { productIds }, { signal: controller.signal });
      forgetWishlistProducts(answer.unknownProductIds);
      return answer.products;
    };
    setPage({ status: "loading" });
    load().then(
      (list) => setPage({ status: "ready", products: list }),
      () => !controller.signal.aborted && setPage({ status: "error" }),
    );
    return () => controller.abort();
  }, [storage, merges, attempt]);

  const shown = page.status === "ready" ? page.products.filter((product) => product.productId in products) : [];
  const count = shown.length;

  return (
    <div className="container page wishlist-page">
      <title>{`${t("wishlist.metaTitle")} | ${t("shop.name")}`}</title>
      <meta name="robots" content="noindex" />
      <div className="wishlist-page__head">
        <h1>{t("wishlist.title")}</h1>
        {count > 0 && <p className="wishlist-page__count">{count === 1 ? t("wishlist.countOne") : t("wishlist.count", { count })}</p>}
      </div>
      {storage === "local" && (
        <p className="wishlist-page__note">
          {t("wishlist.guestNote")}{" "}
          <Link to={`${path("frontend.account.login.page")}?redirectTo=${encodeURIComponent(path("frontend.wishlist.page"))}`}>{t("wishlist.login")}</Link>
        </p>
      )}
      {page.status === "loading" && (
        <div className="wishlist-page__loading has-element-loader" aria-busy="true">
          <p role="status">{t("wishlist.loading")}</p>
          <noscript>
            <p>{t("wishlist.noscript")}</p>
          </noscript>
        </div>
      )}
      {page.status === "error" && (
        <div className="wishlist-page__empty" role="alert">
          <p>{t("wishlist.error")}</p>
          <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t("wishlist.retry")}
          </button>
        </div>
      )}
      {page.status === "ready" &&
        (count > 0 ? (
          <ProductGrid products={shown} />
        ) : (
          <div className="wishlist-page__empty">
            <Icon name="heart" size={48} />
            <h2>{t("wishlist.emptyTitle")}</h2>
            <p>{t("wishlist.emptyText")}</p>
            <Link to="/" className="button button--primary">
              {t("wishlist.continue")}
            </Link>
          </div>
        ))}
    </div>
  );
}
