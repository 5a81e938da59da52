import type { Hono } from "hono";
import { translator } from "../../kernel/i18n/translator";
import { messagesFor } from "../../kernel/i18n/messages.server";
import type { AppEnv } from "./env";
import { CAPTCHA_FIELD_ERRORS } from "../../kernel/captcha";
import type { FormAlert } from "../forms/alerts";
import type { AppServices } from "../services";
import { isXhr } from "./errors";
import { routeNames } from "../../kernel/route-names";
import { CACHE_CONTROL } from "./cache-control";
import { requestLocale } from "./locale";

/**
 * The contact form's AJAX answer (spec §7/§8): a post with `X-Requested-With: XMLHttpRequest` to the
 * form's own action gets a JSON list of alerts. A plain form post (no JavaScript) goes on to the page's
 * action, which renders the page with the confirmation or the errors.
 */
export function registerContactEndpoints(app: Hono<AppEnv>, { contact }: AppServices) {
  app.post(routeNames["frontend.form.contact.page"], async (c, next) => {
    if (!isXhr(c)) return next();
    const t = translator(messagesFor(requestLocale(c)));
    const answer = (alerts: FormAlert[], status: 200 | 400 = 200) => c.json(alerts, status, { "Cache-Control": CACHE_CONTROL.personal });

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
