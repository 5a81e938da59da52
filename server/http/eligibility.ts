import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { Context, Hono } from "hono";
import { z } from "zod";
import {
  ELIGIBILITY_PROOF_REFUSED_PARAM,
  ELIGIBILITY_SUBGROUP_KEYS,
  eligibilitySubgroup,
  type EligibilityProofRefusal,
  type EligibilityProofType,
} from "../../kernel/eligibility";
import { fileTypeOf } from "../../kernel/file-types";
import { formatByteLimit } from "../../kernel/image-search";
import { routeNames, routePattern } from "../../kernel/route-names";
import { OPERATOR_COOKIE } from "../operator/service";
import type { AppServices } from "../services";
import { CART_COOKIE, readToken, SESSION_COOKIE } from "../visitor";
import { CACHE_CONTROL } from "./cache-control";
import type { AppEnv } from "./env";
import { errorResponse, isXhr } from "./errors";
import { readMultipartFile, type UploadRefusal } from "./multipart-file";

/*
 * The eligibility check's calls (issue 26, spec §7, reference §11):
 *
 * - GET  frontend.eligibility.check-om `?eligibleSubGroup=` (X-Requested-With) → `{eligibleSubGroup, check}`:
 *   the chosen customer group is recorded for the visitor's cart; 400 for an unknown or missing key.
 * - POST frontend.eligibility.proof  multipart `file` (PDF, JPEG or PNG by its first bytes, at most
 *   ELIGIBILITY_PROOF_MAX_BYTES): stored under a random key in the proof folder, recorded for the cart.
 *   With X-Requested-With → `{name, type, bytes}`; a plain form (no JavaScript) → 303 to the confirm page.
 *   413 over the limit, 415 not PDF/JPEG/PNG by its bytes, 400 empty or missing; for a plain form a 303
 *   to the confirm page with `?proofRefused=<reason>` instead, so the shopper reads why there.
 * - GET  frontend.eligibility.proof.download `/{orderId}`: the proof of the session customer's own order.
 * - GET  admin.eligibility.proof `/{orderId}`: the same for an operator (the console's cookie).
 *
 * Downloads are attachments of the detected type with nosniff; anyone else gets 404.
 */

export const ELIGIBILITY_PROOF_PATH = routeNames["frontend.eligibility.proof"];
const MULTIPART_OVERHEAD = 16 * 1024;
const CONFIRM = routeNames["frontend.checkout.confirm.page"];

const CheckOmQuery = z.object({
  eligibleSubGroup: z.enum(ELIGIBILITY_SUBGROUP_KEYS, {
    message: `eligibleSubGroup must be one of the customer groups: ${ELIGIBILITY_SUBGROUP_KEYS.join(", ")}`,
  }),
});

const OrderParam = z.object({ orderId: z.uuid() });

function proofRefusals(maxBytes: number) {
  const limit = formatByteLimit(maxBytes);
  const choose = `Choose a PDF, JPEG or PNG file of at most ${limit}.`;
  return {
    tooLarge: { status: 413, message: `The proof is larger than ${limit}. ${choose}` },
    wrongType: { status: 415, message: `The proof is not a PDF, JPEG or PNG file (whatever its name says). ${choose}` },
    missing: { status: 400, message: `The proof is missing: send it in the field named file. ${choose}` },
    empty: { status: 400, message: `The proof is empty. ${choose}` },
    incomplete: { status: 400, message: "The upload was not complete. Please try again." },
    notMultipart: { status: 415, message: "Send the proof as multipart/form-data in the field named file." },
  } satisfies Record<string, UploadRefusal>;
}

/** A shopper's file name to show back: its last path part, printable characters only, at most 120. */
function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"<>]/g, "").trim().slice(-120);
  return clean || "proof";
}

const EXTENSIONS: Record<EligibilityProofType, string> = { "application/pdf": "pdf", "image/jpeg": "jpg", "image/png": "png" };

export function registerEligibilityEndpoints(app: Hono<AppEnv>, services: Pick<AppServices, "eligibility" | "config" | "customers" | "operators" | "logger">) {
  const { eligibility, config } = services;
  const maxBytes = config.eligibilityProofMaxBytes;
  const refuse = proofRefusals(maxBytes);
  const noStore = { "Cache-Control": CACHE_CONTROL.noStore };
  const cartToken = (c: Context) => readToken(c.req.header("cookie"), CART_COOKIE);

  app.get(routeNames["frontend.eligibility.check-om"], async (c) => {
    if (!isXhr(c)) return errorResponse(c, 403, "This request did not come from our shop's pages, so it was refused.");
    const query = CheckOmQuery.safeParse({ eligibleSubGroup: c.req.query("eligibleSubGroup") });
    if (!query.success) return c.json({ errors: [{ status: 400, message: `The customer group is not known: ${query.error.issues[0]!.message}.` }] }, 400, noStore);
    const chosen = eligibilitySubgroup(query.data.eligibleSubGroup)!;
    if (!(await eligibility.choose(cartToken(c), chosen.key))) {
      return c.json({ errors: [{ status: 409, message: "Your cart is empty, so there is no order to choose a customer group for." }] }, 409, noStore);
    }
    return c.json({ eligibleSubGroup: chosen.key, check: chosen.check }, 200, noStore);
  });

  // A plain form (no JavaScript) goes back to the confirm page, which says why under the file field.
  const reasons: [UploadRefusal, EligibilityProofRefusal][] = [
    [refuse.tooLarge, "too-large"],
    [refuse.wrongType, "wrong-type"],
    [refuse.notMultipart, "wrong-type"],
    [refuse.missing, "missing"],
    [refuse.empty, "missing"],
    [refuse.incomplete, "incomplete"],
  ];
  const reasonOf = (r: UploadRefusal) => reasons.find(([refusal]) => refusal.message === r.message)?.[1] ?? "incomplete";

  app.post(ELIGIBILITY_PROOF_PATH, async (c) => {
    const fail = (r: UploadRefusal) =>
      isXhr(c) ? errorResponse(c, r.status, r.message) : c.redirect(`${CONFIRM}?${new URLSearchParams({ [ELIGIBILITY_PROOF_REFUSED_PARAM]: reasonOf(r) })}`, 303);
    const length = Number(c.req.header("content-length") ?? "0");
    if (length > maxBytes + MULTIPART_OVERHEAD) return fail(refuse.tooLarge);
    const token = cartToken(c);
    if (!(await eligibility.cartNeedsCheck(token))) {
      return errorResponse(c, 409, "Your cart holds nothing that needs a proof of eligibility, so the file was not taken.");
    }
    const upload = await readMultipartFile(
      c.req.raw,
      {
        maxBytes,
        refusals: refuse,
        check: (head) => {
          const type = fileTypeOf(head);
          return type ? { type } : refuse.wrongType;
        },
      },
      (type) => eligibility.proofSink(type),
    );
    if (!upload.ok) return fail(upload);
    const proof = { ...upload.result, name: displayName(upload.fileName), type: upload.type };
    if (!(await eligibility.attachProof(token, proof))) return errorResponse(c, 409, "Your cart is empty, so the proof was not kept.");
    services.logger.info("eligibility proof uploaded", { type: proof.type, bytes: proof.bytes });
    if (!isXhr(c)) return c.redirect(`${CONFIRM}?proofUploaded=1`, 303);
    return c.json({ name: proof.name, type: proof.type, bytes: proof.bytes }, 200, noStore);
  });

  const download = async (c: Context, customerId: string | null) => {
    const param = OrderParam.safeParse({ orderId: c.req.param("orderId") });
    const proof = param.success ? await eligibility.proofOf(param.data.orderId, customerId) : null;
    const size = proof ? await stat(proof.path).then((s) => s.size).catch(() => null) : null;
    if (!proof || size === null) return errorResponse(c, 404, "This proof does not exist or is not yours to see.");
    const name = proof.name.replace(/[^\w. -]/g, "_") || `proof.${EXTENSIONS[proof.type]}`;
    return new Response(Readable.toWeb(createReadStream(proof.path)) as ReadableStream, {
      status: 200,
      headers: {
        "Content-Type": proof.type,
        "Content-Length": String(size),
        "Content-Disposition": `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(proof.name)}`,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": CACHE_CONTROL.noStore,
      },
    });
  };

  app.get(routePattern("frontend.eligibility.proof.download"), async (c) => {
    const customer = await services.customers.fromSession(readToken(c.req.header("cookie"), SESSION_COOKIE));
    if (!customer) return errorResponse(c, 404, "This proof does not exist or is not yours to see.");
    return download(c, customer.id);
  });

  app.get(routePattern("admin.eligibility.proof"), async (c) => {
    const operator = await services.operators.fromSession(readToken(c.req.header("cookie"), OPERATOR_COOKIE));
    if (!operator) return errorResponse(c, 404, "This proof does not exist or is not yours to see.");
    return download(c, null);
  });
}
