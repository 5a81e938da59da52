import { IMAGE_SEARCH_TYPES, imageTypeOf } from "../../../kernel/image-search";
import type { ImageSearchAnswer } from "../../../server/ai-search/image-search";
import type { AiSearchTerm } from "../../../server/ai-search/service";
import { http } from "../../lib/http";
import { routeUrl } from "../../lib/routes";
import { RefusedInput } from "../../ui/term-search/term-search-outcome";

/**
 * Whether a chosen file may be sent (spec §5): JPEG or PNG by its type and its first bytes, at most
 * `maxBytes`. Only a help for the shopper: the server checks again and decides.
 */
export async function isAcceptablePhoto(file: Blob, maxBytes: number): Promise<boolean> {
  if (file.size === 0 || file.size > maxBytes) return false;
  if (!(IMAGE_SEARCH_TYPES as readonly string[]).includes(file.type)) return false;
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return imageTypeOf(head) === file.type;
}

/**
 * Spec §7 search-image: the photo as multipart `file` → its terms, and whether the vision model's local
 * test double added some (`byTestDouble`). A refusal of the file (413 too large, 415 not a JPEG or PNG)
 * throws RefusedInput, any other failure an Error.
 */
export async function searchPhoto(photo: File, signal: AbortSignal): Promise<{ terms: AiSearchTerm[]; byTestDouble: boolean }> {
  const form = new FormData();
  form.append("file", photo, photo.name || "photo");
  const response = await http(routeUrl("frontend.ai-search.image"), { method: "POST", body: form, signal });
  if (response.status === 413 || response.status === 415) throw new RefusedInput(response.status);
  if (!response.ok) throw new Error(`The image search answered ${response.status}`);
  const answer = (await response.json()) as Partial<ImageSearchAnswer> & { terms: AiSearchTerm[] };
  return { terms: answer.terms, byTestDouble: answer.interpretedBy === "test-double" };
}
