import type { Hono } from "hono";
import { setCookie } from "hono/cookie";
import { z } from "zod";
import { LANGUAGE_COOKIE, locales } from "../../kernel/i18n/locales";
import { routeNames } from "../../kernel/route-names";
import { safeRedirectPath } from "../../kernel/safe-redirect";
import type { AppEnv } from "./env";
import { plainText } from "../forms/text";
import type { AppServices } from "../services";
import { describeIssues, errorResponse } from "./errors";
import { CACHE_CONTROL } from "./cache-control";

const LANGUAGE_COOKIE_DAYS = 365;

const LanguageForm = z.object({
  language: z.enum(locales, { message: "Choose one of: " + locales.join(", ") }),
  redirectTo: plainText().max(2048).optional(),
});

export function registerSiteEndpoints(app: Hono<AppEnv>, { db, catalog, config }: AppServices) {
  app.get("/healthz", async (c) => {
    try {
      await db.execute("select 1");
      return c.json({ status: "ok" });
    } catch {
      return c.json({ status: "unavailable", message: "The database does not answer." }, 503);
    }
  });

  app.get("/robots.txt", (c) =>
    c.text(
      ["User-agent: *", "Disallow: /checkout/", "Disallow: /account/", "Disallow: /widgets/", "Disallow: /search", "",
        `Sitemap: ${config.appUrl}/sitemap.xml`, ""].join("\n"),
      200,
      { "Cache-Control": CACHE_CONTROL.siteFiles },
    ),
  );

  app.get("/sitemap.xml", async (c) => {
    const paths = ["/", ...(await catalog.sitemapPaths())];
    const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
    const body =
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
      paths.map((p) => `  <url><loc>${escape(config.appUrl + p)}</loc></url>`).join("\n") +
      `\n</urlset>\n`;
    return c.body(body, 200, { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE_CONTROL.siteFiles });
  });

  app.post(routeNames["frontend.language.switch"], async (c) => {
    const parsed = LanguageForm.safeParse(await c.req.parseBody());
    if (!parsed.success) return errorResponse(c, 400, describeIssues(parsed.error));
    setCookie(c, LANGUAGE_COOKIE, parsed.data.language, {
      path: "/",
      sameSite: "Lax",
      secure: new URL(c.req.url).protocol === "https:",
      maxAge: LANGUAGE_COOKIE_DAYS * 86400,
    });
    return c.redirect(safeRedirectPath(parsed.data.redirectTo), 303);
  });
}
