import type { MouseEvent } from "react";
import { useI18n } from "../../i18n/i18n";
import { Icon } from "../../ui/Icon";
import type { ProductActionProps } from "../../ui/product-actions";
import { toggleWishlist, useWishlist } from "./use-wishlist";
import "./Wishlist.css";

/**
 * The heart (spec §4 "Wishlist button", reference §12.4): rendered loading until the wishlist knows its
 * products, then "Add to wishlist" or "Remove from wishlist". A click sends one request (customers) or
 * changes local storage (guests); while a request is pending the button is busy and ignores clicks.
 * Without wishlist storage it hides itself.
 */
export function WishlistButton({ productId, describedBy, variant }: ProductActionProps) {
  const { t } = useI18n();
  const { storage, products, busy } = useWishlist();
  if (storage === "none") return null;
  const added = productId in products;
  const loading = storage === "pending" || busy.has(productId);
  const label = t(added ? "wishlist.remove" : "wishlist.add");
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    if (!loading) toggleWishlist(productId);
  };
  return (
    <button
      type="button"
      className={`wishlist-button wishlist-button--${variant}${added ? " is-added" : ""}${loading ? " is-loading" : ""}`}
      title={label}
      aria-label={variant === "box" ? label : undefined}
      aria-describedby={describedBy}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      data-product-id={productId}
      onClick={onClick}
    >
      <Icon name={added ? "heartFilled" : "heart"} size={variant === "box" ? 20 : 22} />
      {variant === "detail" && <span>{label}</span>}
    </button>
  );
}
