import { createContext, useContext, type ComponentType } from "react";

export interface ProductActionProps {
  productId: string;
  /** The id of the product's name, for buttons whose own name is the same on every box. */
  describedBy?: string;
  /** A product box (icon button) or the product page's buy box (icon and text). */
  variant: "box" | "detail";
}

/**
 * Product boxes and the buy box offer actions of other features (the wishlist's heart) without
 * importing them (DESIGN §3: `ui` does not import features): the page chrome provides the component.
 */
export const ProductActionContext = createContext<ComponentType<ProductActionProps> | null>(null);

export function ProductAction(props: ProductActionProps) {
  const Action = useContext(ProductActionContext);
  return Action ? <Action {...props} /> : null;
}
