import type { Context, Hono } from "hono";
import { claimedImageType, formatByteLimit, imageTypeOf, type ImageSearchType } from "../../kernel/image-search";
import { routeNames } from "../../kernel/route-names";
import { UnreadableImage } from "../ai-search/image-search";
import type { AppServices } from "../services";
import { CACHE_CONTROL } from "./cache-control";
import type { AppEnv } from "./env";
import { errorResponse, isXhr } from "./errors";
import { requestLocale } from "./locale";
import { readMultipartFile, type UploadRefusal, type UploadSink } from "./multipart-file";
import { limitRequest, REQUEST_LIMITS } from "./rate-limit";

/*
 * Image search's call (issue 25, spec §7 search-image), from the image search page's script
 * (X-Requested-With):
 *
 * - POST frontend.ai-search.image  multipart `file` (JPEG or PNG) → `{terms: [{term, reason}], interpretedBy}`
 *   (`interpretedBy` as the AI search's terms call: test-double when the vision model's double added terms)
 *
 * The photo is read into memory as it arrives, at most the configured size (IMAGE_SEARCH_MAX_BYTES), and
 * never written anywhere: not to disk, not to the media folder. Refusals are `{errors: [{status,
 * message}]}`: 413 over the limit (a declared length before a byte is read), 415 for anything that is
 * not a JPEG or PNG by its first bytes (whatever its name or declared type), 400 for an empty, missing
 * or unreadable picture.
 */

/** The image search's path: the app's 1 MB body limit is not applied to it (it limits the photo itself). */
export const IMAGE_SEARCH_PATH = routeNames["frontend.ai-search.image"];
/** Room for the multipart framing around a photo of the full size. */
const MULTIPART_OVERHEAD = 16 * 1024;

type Refusal = UploadRefusal;

function refusalsFor(maxBytes: number) {
  const limit = formatByteLimit(maxBytes);
  const wrongType = `Choose a JPEG or PNG photo of at most ${limit}.`;
  return {
    tooLarge: { status: 413, message: `The photo is larger than ${limit}: choose a JPEG or PNG photo of at most ${limit}.` },
    wrongType: { status: 415, message: wrongType },
    mismatch: (claimed: ImageSearchType, actual: ImageSearchType) => ({
      status: 415,
      message: `The file is named or sent as ${claimed === "image/jpeg" ? "a JPEG" : "a PNG"} but holds ${actual === "image/jpeg" ? "a JPEG" : "a PNG"}. ${wrongType}`,
    }),
    notMultipart: { status: 415, message: "Send the photo as multipart/form-data in the field named file." },
    incomplete: { status: 400, message: "The upload was not complete. Please try again." },
    missing: { status: 400, message: "The photo is missing: send the photo in the field named file." },
    empty: { status: 400, message: "The photo is empty: choose a photo." },
  } satisfies Record<string, Refusal | ((...args: never[]) => Refusal)>;
}

/** JPEG or PNG by the first bytes, and not claimed to be the other one by the name or the declared type. */
function typeRefusal(head: Buffer, fileName: string, mimeType: string, refuse: ReturnType<typeof refusalsFor>): Refusal | null {
  const actual = imageTypeOf(head);
  if (!actual) return refuse.wrongType;
  const claimed = claimedImageType(fileName, mimeType);
  return claimed && claimed !== actual ? refuse.mismatch(claimed, actual) : null;
}

/** The photo kept in memory as it arrives (shared streaming reader, server/http/multipart-file.ts): never written anywhere. */
function memorySink(): UploadSink<Buffer> {
  const chunks: Buffer[] = [];
  return {
    write: (chunk) => void chunks.push(chunk),
    end: () => Buffer.concat(chunks),
    abort: () => void (chunks.length = 0),
  };
}

/**
 * Streams the multipart body through the shared reader, keeping the `file` part's bytes up to
 * `maxBytes`: the first bytes decide the type, the limit stops the reading.
 */
async function readPhoto(c: Context, maxBytes: number, refuse: ReturnType<typeof refusalsFor>): Promise<{ ok: true; photo: Buffer } | ({ ok: false } & Refusal)> {
  const upload = await readMultipartFile(
    c.req.raw,
    {
      maxBytes,
      refusals: refuse,
      check: (head, fileName, mimeType) => typeRefusal(head, fileName, mimeType, refuse) ?? { type: imageTypeOf(head)! },
    },
    memorySink,
  );
  return upload.ok ? { ok: true, photo: upload.result } : upload;
}

export function registerImageSearchEndpoints(app: Hono<AppEnv>, services: Pick<AppServices, "imageSearch" | "config" | "rateLimiter">) {
  const maxBytes = services.config.imageSearchMaxBytes;
  const refuse = refusalsFor(maxBytes);

  app.post(IMAGE_SEARCH_PATH, async (c) => {
    if (!isXhr(c)) return errorResponse(c, 403, "This request did not come from our shop's pages, so it was refused.");
    const limited = await limitRequest(c, services, REQUEST_LIMITS.imageSearch);
    if (limited) return limited;
    if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) return errorResponse(c, refuse.notMultipart.status, refuse.notMultipart.message);
    // A declared size over the limit is refused before a byte of it is read.
    const length = Number(c.req.header("content-length") ?? "0");
    if (length > maxBytes + MULTIPART_OVERHEAD) return errorResponse(c, refuse.tooLarge.status, refuse.tooLarge.message);
    const upload = await readPhoto(c, maxBytes, refuse);
    if (!upload.ok) return errorResponse(c, upload.status, upload.message);
    try {
      const answer = await services.imageSearch.searchImage(upload.photo, requestLocale(c));
      return c.json(answer, 200, { "Cache-Control": CACHE_CONTROL.noStore });
    } catch (error) {
      if (error instanceof UnreadableImage) return errorResponse(c, 400, "The photo could not be read: it may be cut short or damaged. Choose another JPEG or PNG photo.");
      throw error;
    }
  });
}
