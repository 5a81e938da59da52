import type { DetailedHTMLProps, HTMLAttributes } from "react";

let loading: Promise<unknown> | null = null;

/**
 * Defines `<model-viewer>` (with three.js, some 290 KB gzip) on first use. Only in the browser: the module
 * touches `HTMLElement` as it loads, so it must never run during server rendering.
 */
export function loadModelViewer(): Promise<unknown> {
  loading ??= import("@google/model-viewer").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The part of model-viewer's element API the shop uses (its own typings pull in three.js's). */
export interface ModelViewerElement extends HTMLElement {
  readonly loaded: boolean;
  readonly canActivateAR: boolean;
  activateAR(): Promise<void>;
  variantName: string | null;
  readonly availableVariants: string[];
}

type ModelViewerAttributes = DetailedHTMLProps<HTMLAttributes<ModelViewerElement>, ModelViewerElement> & {
  src: string;
  alt: string;
  poster?: string;
  ar?: boolean;
  "ar-modes"?: string;
  "ar-placement"?: "floor" | "wall";
  "camera-controls"?: boolean;
  "touch-action"?: string;
  "field-of-view"?: string;
  "max-field-of-view"?: string;
  "interaction-prompt"?: "auto" | "none";
  "shadow-intensity"?: string;
  "variant-name"?: string;
};

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "model-viewer": ModelViewerAttributes;
    }
  }
}
