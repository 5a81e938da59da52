import type { ReactNode } from "react";

/** Where and whether the product's 3D model shows: in the gallery's picture area or in the zoom dialog. */
export interface ModelPlace {
  place: "gallery" | "dialog";
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Draws the product's 3D model into the positioned box it is given; rendered also while closed. */
export type RenderModel = (place: ModelPlace) => ReactNode;
