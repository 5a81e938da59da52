import { Link } from "react-router";
import { useI18n } from "../../i18n/i18n";
import { BadgedIcon } from "../../ui/BadgedIcon";
import { useRoutePath } from "../../ui/use-route-path";
import { useWishlist } from "./use-wishlist";

/** The header's wishlist link: its badge and name carry the number of entries, nothing when there are none. */
export function WishlistCounter() {
  const { t } = useI18n();
  const path = useRoutePath();
  const count = Object.keys(useWishlist().products).length;
  const label = count === 0 ? undefined : count === 1 ? t("header.wishlistCountOne") : t("header.wishlistCount", { count });
  return (
    <Link to={path("frontend.wishlist.page")} className="header-action wishlist-counter" aria-label={label}>
      <BadgedIcon name="heart" count={count} />
      <span className="header-action__label">{t("header.wishlist")}</span>
    </Link>
  );
}
