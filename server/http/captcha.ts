import type { Context, Hono } from "hono";
import { z } from "zod";
import { BASIC_CAPTCHA_FIELD, CAPTCHA_ANSWER_MAX_LENGTH, CAPTCHA_FORM_IDS, INVALID_CAPTCHA, type CaptchaFormId } from "../../kernel/captcha";
import type { AppEnv } from "./env";
import { challengeCookie, readChallengeId } from "../captcha/cookie";
import { drawCaptchaPng, pngDataUrl } from "../captcha/image";
import { plainText } from "../forms/text";
import type { AppServices } from "../services";
import { describeIssues, errorResponse } from "./errors";
import { routeNames } from "../../kernel/route-names";
import { CACHE_CONTROL } from "./cache-control";

const FormId = z.enum(CAPTCHA_FORM_IDS, { message: `must be one of ${CAPTCHA_FORM_IDS.join(", ")}` });
const LoadQuery = z.object({ formId: FormId });
const RefreshBody = z.object({ formId: FormId });
const PrecheckBody = z.object({
  formId: FormId,
  [BASIC_CAPTCHA_FIELD]: plainText({ trim: false, typeMessage: "must be the characters from the image" }).max(CAPTCHA_ANSWER_MAX_LENGTH, "is too long"),
});

/**
 * The basic captcha's three calls (spec §7): GET the image for a form, POST `{formId}` for a new one as
 * `{imageSource}`, POST the pre-check `{formId, captchaConfirm}` answered with `{session}` or an error
 * list with `invalid_captcha`. Each new image replaces the visitor's challenge cookie for that form.
 */
export function registerCaptchaEndpoints(app: Hono<AppEnv>, { captcha }: Pick<AppServices, "captcha">) {
  /** A new challenge for the visitor, or an error answer when the form shows no image captcha. */
  async function newImage(c: Context<AppEnv>, formId: CaptchaFormId) {
    const active = await captcha.activeCaptcha(formId);
    if (active?.kind !== "basic") return { refused: errorResponse(c, 404, "This form has no image captcha.") } as const;
    const request = c.req.raw;
    const { challengeId, code } = await captcha.issueChallenge(formId, readChallengeId(request, formId));
    c.header("Set-Cookie", challengeCookie(request, formId, challengeId));
    c.header("Cache-Control", CACHE_CONTROL.personal);
    return { png: await drawCaptchaPng(code) } as const;
  }

  app.get(routeNames["frontend.captcha.basic-captcha.load"], async (c) => {
    const parsed = LoadQuery.safeParse(c.req.query());
    if (!parsed.success) return errorResponse(c, 400, describeIssues(parsed.error));
    const image = await newImage(c, parsed.data.formId);
    if (image.refused) return image.refused;
    return c.body(new Uint8Array(image.png), 200, { "Content-Type": "image/png" });
  });

  app.post(routeNames["frontend.captcha.basic-captcha.refresh"], async (c) => {
    const body = await jsonBody(c, RefreshBody);
    if (!body.ok) return body.response;
    const image = await newImage(c, body.data.formId);
    if (image.refused) return image.refused;
    return c.json({ imageSource: pngDataUrl(image.png) });
  });

  app.post(routeNames["frontend.captcha.basic-captcha.validate"], async (c) => {
    const body = await jsonBody(c, PrecheckBody);
    if (!body.ok) return body.response;
    const { formId, [BASIC_CAPTCHA_FIELD]: answer } = body.data;
    const request = c.req.raw;
    c.header("Cache-Control", CACHE_CONTROL.personal);
    const pass = await captcha.precheck(formId, readChallengeId(request, formId), answer);
    if (!pass) {
      return c.json(
        { errors: [{ status: 400, code: INVALID_CAPTCHA, message: "The characters you entered do not match the image. Please try again with the new image." }] },
        400,
      );
    }
    c.header("Set-Cookie", challengeCookie(request, formId, pass.challengeId));
    return c.json({ session: pass.session });
  });
}

async function jsonBody<T>(c: Context<AppEnv>, schema: z.ZodType<T>): Promise<{ ok: true; data: T } | { ok: false; response: Response }> {
  if (!(c.req.header("content-type") ?? "").includes("application/json")) {
    return { ok: false, response: errorResponse(c, 415, 'Send the captcha request as JSON, e.g. {"formId": "contact"}, with Content-Type application/json.') };
  }
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    return { ok: false, response: errorResponse(c, 400, "The request body is not valid JSON.") };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { ok: false, response: errorResponse(c, 400, describeIssues(parsed.error)) };
  return { ok: true, data: parsed.data };
}
