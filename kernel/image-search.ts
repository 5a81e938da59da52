/*
 * Image search (issue 25, spec §5/§7/§8, CONTRACT §7): what the page and the endpoint
 * (server/http/image-search.ts) both need to agree on.
 */
import { fileTypeOf } from "./file-types";

/** Spec §5: JPEG or PNG only. */
export const IMAGE_SEARCH_TYPES = ["image/jpeg", "image/png"] as const;
export type ImageSearchType = (typeof IMAGE_SEARCH_TYPES)[number];

/** The default of the configured maximum (IMAGE_SEARCH_MAX_BYTES): 10 MB. */
export const IMAGE_SEARCH_DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

/** The address bar carries one of these per term found (CONTRACT §1, §7). */
export const IMAGE_SEARCH_TERMS_PARAM = "searchTerms";

/**
 * Local storage (spec §7: "image search results are cached in local storage per query string"): one
 * entry, an object from the page's query string (`?searchTerms=a&searchTerms=b`) to the terms and their
 * products. CONTRACT §3 names no key for it.
 */
export const IMAGE_SEARCH_STORAGE_KEY = "vitrine.image-search";
/** Query strings the cache keeps at most; the oldest go first. */
export const IMAGE_SEARCH_CACHE_ENTRIES = 10;

/** The type a file's first bytes show: JPEG (FF D8 FF) or PNG (89 50 4E 47 0D 0A 1A 0A); null for anything else. */
export function imageTypeOf(head: Uint8Array): ImageSearchType | null {
  const type = fileTypeOf(head);
  return type === "image/jpeg" || type === "image/png" ? type : null;
}

/** The type a file's name or declared type claims, when it claims JPEG or PNG. */
export function claimedImageType(fileName: string, mimeType: string): ImageSearchType | null {
  const mime = mimeType.toLowerCase();
  if (mime === "image/jpeg" || mime === "image/jpg" || mime === "image/pjpeg") return "image/jpeg";
  if (mime === "image/png") return "image/png";
  if (/\.(jpe?g|jfif)$/i.test(fileName)) return "image/jpeg";
  if (/\.png$/i.test(fileName)) return "image/png";
  return null;
}

/** A size limit as people say it: "10 MB", "1.5 MB", "512 KB" (binary units, as the limit is set). */
export function formatByteLimit(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
