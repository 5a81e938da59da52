import type { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { translator } from "../../app/i18n/i18n";
import { detectLocale, LANGUAGE_COOKIE } from "../../app/i18n/locales";
import { messagesFor } from "../../app/i18n/messages.server";
import type { AppEnv } from "./env";
import { CAPTCHA_FIELD_ERRORS } from "../../app/lib/captcha";
import type { FormAlert } from "../forms/alerts";
import type { AppServices } from "../services";
import { isXhr } from "./errors";
import { routeNames } from "./route-names";

/**
 * The contact form's AJAX answer (spec §7/§8): a post with `X-Requested-With: XMLHttpRequest` to the
 * form's own action gets a JSON list of alerts. A plain form post (no JavaScript) goes on to the page's
 * action, which renders the page with the confirmation or the errors.
 */
export function registerContactEndpoints(app: Hono<AppEnv>, { contact }: AppServices) {
  app.post(routeNames["frontend.form.contact.page"], async (c, next) => {
    if (!isXhr(c)) return next();
    const t = translator(messagesFor(detectLocale(getCookie(c, LANGUAGE_COOKIE), c.req.header("accept-language"))));
    const answer = (alerts: FormAlert[], status: 200 | 400 = 200) => c.json(alerts, status, { "Cache-Control": "private, no-store" });

    const body = await c.req.parseBody().catch(() => null);
    if (!body) return answer([{ type: "danger", alert: t("contact.error.body") }], 400);
    const result = await contact.submit(body, c.req.raw);
    if (result.ok) return answer([{ type: "success", alert: t("contact.success") }]);
    if (result.reason === "captcha") {
      return answer([{ type: "danger", alert: t("form.error.captcha-invalid"), error: result.error, errors: CAPTCHA_FIELD_ERRORS }], 400);
    }
    return answer([{ type: "danger", alert: t("form.alert.refused"), errors: result.errors }], 400);
  });
}
