import { Link } from "react-router";
import type { ProductBox } from "../../../server/catalog/types";
import { Price } from "../../ui/Price";
import { ResponsiveImage } from "../../ui/ResponsiveImage";

/** A suggested product: an option named by the product name, its price the description (decision 0012). */
export function ProductOption({ product, id, selected }: { product: ProductBox; id: string; selected: boolean }) {
  return (
    <Link
      to={product.url}
      id={id}
      role="option"
      aria-selected={selected}
      aria-labelledby={`${id}-name`}
      aria-describedby={`${id}-price`}
      tabIndex={-1}
      className="search-suggest__option search-suggest__product"
    >
      <span className="search-suggest__image">{product.image && <ResponsiveImage image={{ ...product.image, alt: "" }} sizes="48px" />}</span>
      <span id={`${id}-name`} className="search-suggest__name">
        {product.name}
      </span>
      <span id={`${id}-price`} className="search-suggest__price">
        <Price price={product.price} listPrice={product.listPrice} from={product.priceFrom} />
      </span>
    </Link>
  );
}
