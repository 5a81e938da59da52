import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";
import type { Context, Hono } from "hono";
import { z } from "zod";
import { routeNames } from "../../kernel/route-names";
import { CsvRefused } from "../b2b/quick-order/csv";
import { productNumbersOf, searchQuickOrderProducts } from "../b2b/quick-order/products";
import { QUICK_ORDER_UPLOAD_MAX_BYTES, type QuickOrderAddResult, type QuickOrderUploadResult, type UploadOption } from "../../kernel/quick-order";
import { importQuickOrderCsv } from "../b2b/quick-order/upload";
import type { AppServices } from "../services";
import { CART_COOKIE, CART_COOKIE_DAYS, isSecureRequest, readToken, tokenCookie } from "../visitor";
import { b2bCaller, b2bFailure } from "./b2b-caller";
import { describeIssues } from "./errors";
import type { AppEnv } from "./env";
import { readJson } from "./json-body";

/*
 * Quick order's calls (issue 24, spec §7), for business partners and their active employees (every one
 * of them may order for the company), from the quick-order page's script (X-Requested-With):
 *
 * - GET  frontend.b2b.quick-order.search       `?search=&page=` → QuickOrderSearchResult
 * - POST frontend.b2b.quick-order.upload       multipart `file` (+ `option`) → QuickOrderUploadResult
 * - POST frontend.b2b.quick-order.add-to-cart  `{lineItems}` → QuickOrderAddResult
 *
 * Failures are `{success: false, errors: [{status, message}]}` with a sentence for people.
 */

/** The upload's path: the app's 1 MB body limit is not applied to it (it streams and limits the file itself). */
export const QUICK_ORDER_UPLOAD_PATH = routeNames["frontend.b2b.quick-order.upload"];
/** Room for the multipart framing and the `option` field around a file of the full size. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** Lines one add to the cart takes; a bigger list goes in parts. */
export const QUICK_ORDER_MAX_CART_LINES = 500;
/** Types browsers give a `.csv` file (Windows names Excel's, others plain text or nothing specific). */
const CSV_TYPES = new Set(["text/csv", "application/csv", "text/plain", "application/vnd.ms-excel", "application/octet-stream"]);

const SearchQuery = z.object({
  search: z.string().trim().min(1, "is empty: type part of a product number or name").max(100, "is too long (at most 100 characters)"),
  page: z.coerce.number().int("must be a whole number").min(1, "must be 1 or more").max(1000, "must be 1000 or less").default(1),
});

const LineItems = z.object({
  lineItems: z
    .record(
      z.string(),
      z.object({
        id: z.uuid("must be a product id"),
        quantity: z.number().int("must be a whole number").min(1, "must be 1 or more").max(100_000, "is too large"),
        referencedId: z.uuid("must be a product id"),
        stackable: z.literal(true),
        removable: z.literal(true),
        type: z.literal("product", "must be product"),
      }),
      "must be an object of line items keyed by their id",
    )
    .refine((items) => Object.keys(items).length > 0, "is empty: add at least one product")
    .refine((items) => Object.keys(items).length <= QUICK_ORDER_MAX_CART_LINES, `holds too many lines: add at most ${QUICK_ORDER_MAX_CART_LINES} at once`),
});

type UploadOutcome = { ok: true; result: QuickOrderUploadResult } | { ok: false; status: 400 | 413 | 415; message: string };

/** Streams the multipart body through busboy into the CSV reader: never more than a chunk in memory. */
function readUpload(c: Context, services: Pick<AppServices, "db">): Promise<UploadOutcome> {
  const type = c.req.header("content-type") ?? "";
  const body = c.req.raw.body;
  if (!body) return Promise.resolve({ ok: false, status: 400, message: "The upload is empty: choose a CSV file." });
  const source = Readable.fromWeb(body as NodeWebStream);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: UploadOutcome) => {
      if (settled) return;
      settled = true;
      if (!outcome.ok) source.destroy();
      resolve(outcome);
    };
    let option: UploadOption = "add";
    let imported: Promise<QuickOrderUploadResult> | null = null;
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { "content-type": type }, limits: { fileSize: QUICK_ORDER_UPLOAD_MAX_BYTES, files: 1, fields: 4, fieldSize: 64 } });
    } catch {
      finish({ ok: false, status: 415, message: "Send the file as multipart/form-data." });
      return;
    }
    parser.on("field", (name, value) => {
      if (name === "option" && (value === "add" || value === "replace")) option = value;
    });
    parser.on("file", (name, file, info) => {
      if (name !== "file" || imported) return file.resume();
      const csvName = /\.csv$/i.test(info.filename ?? "");
      if (!(info.mimeType === "text/csv" || (csvName && CSV_TYPES.has(info.mimeType)))) {
        file.resume();
        return finish({ ok: false, status: 415, message: "Choose a CSV file (text/csv)." });
      }
      file.on("limit", () => finish({ ok: false, status: 413, message: "The file is larger than 100 MB." }));
      // The option field may come after the file: it is read when the answer is made.
      imported = importQuickOrderCsv(services.db, file, "add");
      imported.catch((error: unknown) => {
        file.resume();
        if (error instanceof CsvRefused) finish({ ok: false, status: 400, message: error.message });
        else finish({ ok: false, status: 400, message: "This file could not be read as CSV." });
      });
    });
    parser.on("error", () => finish({ ok: false, status: 400, message: "The upload was not complete. Please try again." }));
    parser.on("close", () => {
      if (!imported) return finish({ ok: false, status: 400, message: "The upload has no file: choose a CSV file." });
      imported.then((result) => finish({ ok: true, result: { ...result, option } }), () => undefined);
    });
    source.on("error", () => finish({ ok: false, status: 400, message: "The upload was not complete. Please try again." }));
    source.pipe(parser);
  });
}

export function registerQuickOrderEndpoints(app: Hono<AppEnv>, services: Pick<AppServices, "customers" | "b2b" | "db" | "cart">) {
  app.get(routeNames["frontend.b2b.quick-order.search"], async (c) => {
    const caller = await b2bCaller(c, services);
    if (caller instanceof Response) return caller;
    const query = SearchQuery.safeParse({ search: c.req.query("search"), page: c.req.query("page") });
    if (!query.success) return b2bFailure(c, 400, describeIssues(query.error));
    return c.json(await searchQuickOrderProducts(services.db, query.data.search, query.data.page));
  });

  app.post(QUICK_ORDER_UPLOAD_PATH, async (c) => {
    const caller = await b2bCaller(c, services);
    if (caller instanceof Response) return caller;
    if (!(c.req.header("content-type") ?? "").startsWith("multipart/form-data")) return b2bFailure(c, 415, "Send the file as multipart/form-data.");
    // A declared size over the limit is refused before a byte of it is read.
    const length = Number(c.req.header("content-length") ?? "0");
    if (length > QUICK_ORDER_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD) return b2bFailure(c, 413, "The file is larger than 100 MB.");
    const outcome = await readUpload(c, services);
    return outcome.ok ? c.json(outcome.result) : b2bFailure(c, outcome.status, outcome.message);
  });

  app.post(routeNames["frontend.b2b.quick-order.add-to-cart"], async (c) => {
    const caller = await b2bCaller(c, services);
    if (caller instanceof Response) return caller;
    const json = await readJson(c, (status, message) => b2bFailure(c, status, message));
    if (!json.ok) return json.response;
    const parsed = LineItems.safeParse(json.body);
    if (!parsed.success) return b2bFailure(c, 400, describeIssues(parsed.error));
    let token = readToken(c.req.header("cookie"), CART_COOKIE);
    const answer: QuickOrderAddResult = { success: true, added: 0, errors: [] };
    // One line after the other through the cart's own rules (min, max, step, stock, order limits).
    for (const item of Object.values(parsed.data.lineItems)) {
      const change = await services.cart.addLineItem(token, { variantId: item.referencedId, quantity: item.quantity });
      if (change.created) c.header("Set-Cookie", tokenCookie(CART_COOKIE, change.token, CART_COOKIE_DAYS, isSecureRequest(c.req.raw)));
      token = change.token;
      const refused = change.result.notices.find((n) => n.code === "sold-out" || n.code === "product-not-found" || n.code === "order-limit");
      if (refused) {
        const name = "name" in refused ? refused.name : "This product";
        const reason = refused.code === "sold-out" ? "is sold out" : refused.code === "order-limit" ? "has reached its maximum order quantity" : "is not available";
        answer.errors.push({ productNumber: item.referencedId, message: `${name} ${reason}.` });
      } else answer.added++;
    }
    if (answer.errors.length) {
      const numbers = await productNumbersOf(services.db, answer.errors.map((e) => e.productNumber));
      for (const error of answer.errors) error.productNumber = numbers.get(error.productNumber) ?? error.productNumber;
    }
    answer.success = answer.errors.length === 0;
    return c.json(answer);
  });
}
