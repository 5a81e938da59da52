import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";
import type { Context, Hono } from "hono";
import { z } from "zod";
import { claimedImageType, formatByteLimit, imageTypeOf, type ImageSearchType } from "../../kernel/image-search";
import { routeNames } from "../../kernel/route-names";
import { UnreadableImage } from "../ai-search/image-search";
import type { AppServices } from "../services";
import { CACHE_CONTROL } from "./cache-control";
import type { AppEnv } from "./env";
import { errorResponse, isXhr } from "./errors";
import { requestLocale } from "./locale";
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

/** What the one multipart part must be: named `file`, with bytes; the rest of the form is ignored. */
const UploadedPhoto = z.object(
  { field: z.literal("file", "must be sent in the field named file"), bytes: z.instanceof(Buffer).refine((bytes) => bytes.length > 0, "is empty: choose a photo") },
  "is missing: send the photo in the field named file",
);

type Refusal = { status: 400 | 413 | 415; message: string };
type UploadOutcome = { ok: true; photo: Buffer } | ({ ok: false } & Refusal);

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
  } satisfies Record<string, Refusal | ((...args: never[]) => Refusal)>;
}

/**
 * Streams the multipart body through busboy, keeping the `file` part's bytes up to `maxBytes`: the
 * first bytes decide the type, the limit stops the reading. A refusal stops reading the body.
 */
function readPhoto(c: Context, maxBytes: number): Promise<UploadOutcome> {
  const refuse = refusalsFor(maxBytes);
  const body = c.req.raw.body;
  if (!body) return Promise.resolve({ ok: false, status: 400, message: "The upload is empty: choose a JPEG or PNG photo." });
  const source = Readable.fromWeb(body as NodeWebStream);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: UploadOutcome) => {
      if (settled) return;
      settled = true;
      if (!outcome.ok) source.destroy();
      resolve(outcome);
    };
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { "content-type": c.req.header("content-type") ?? "" }, limits: { fileSize: maxBytes, files: 1, fields: 8, fieldSize: 1024, parts: 10 } });
    } catch {
      finish({ ok: false, ...refuse.notMultipart });
      return;
    }
    let part: { field: string; bytes: Buffer } | null = null;
    let reading: Promise<void> | null = null;
    parser.on("file", (field, file, info) => {
      if (field !== "file" || reading) return file.resume();
      const chunks: Buffer[] = [];
      let size = 0;
      let checked = false;
      reading = new Promise<void>((done) => {
        file.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (!checked && size >= 8) {
            checked = true;
            const refusal = typeRefusal(Buffer.concat(chunks), info.filename ?? "", info.mimeType, refuse);
            if (refusal) {
              file.resume();
              finish({ ok: false, ...refusal });
            }
          }
        });
        file.on("limit", () => finish({ ok: false, ...refuse.tooLarge }));
        file.on("end", () => {
          const bytes = Buffer.concat(chunks, size);
          // A file of fewer than 8 bytes is no JPEG or PNG (nor empty, which is refused as such).
          if (!checked && bytes.length > 0) {
            const refusal = typeRefusal(bytes, info.filename ?? "", info.mimeType, refuse);
            if (refusal) finish({ ok: false, ...refusal });
          }
          part = { field, bytes };
          done();
        });
      });
    });
    parser.on("error", () => finish({ ok: false, ...refuse.incomplete }));
    parser.on("close", () => {
      void (reading ?? Promise.resolve()).then(() => {
        const parsed = UploadedPhoto.safeParse(part ?? undefined);
        if (!parsed.success) return finish({ ok: false, status: 400, message: `The photo ${parsed.error.issues[0]!.message}.` });
        finish({ ok: true, photo: parsed.data.bytes });
      });
    });
    source.on("error", () => finish({ ok: false, ...refuse.incomplete }));
    source.pipe(parser);
  });
}

/** JPEG or PNG by the first bytes, and not claimed to be the other one by the name or the declared type. */
function typeRefusal(head: Buffer, fileName: string, mimeType: string, refuse: ReturnType<typeof refusalsFor>): Refusal | null {
  const actual = imageTypeOf(head);
  if (!actual) return refuse.wrongType;
  const claimed = claimedImageType(fileName, mimeType);
  return claimed && claimed !== actual ? refuse.mismatch(claimed, actual) : null;
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
    const upload = await readPhoto(c, maxBytes);
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
