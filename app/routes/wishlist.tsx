import { WishlistPage } from "../features/wishlist/WishlistPage";

/** `/wishlist`: one page for guests and customers; the browser fills it from the wishlist (spec §2). */
export default function Wishlist() {
  return <WishlistPage />;
}
