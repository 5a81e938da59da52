import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { analyticsOrigins, loadAnalyticsConfig, type AnalyticsOrigins } from "./analytics/config";
import { captchaProviderOrigins, type CaptchaOrigins } from "./captcha/csp";
import { loadsPayPal, payPalOrigins } from "./payment/paypal/csp";
import { loadsAmazonPay } from "../kernel/amazon-pay-pages";
import { amazonPayOrigins } from "./payment/amazon-pay/csp";
import { mergeOrigins, NO_PROVIDER_ORIGINS, type ProviderOrigins } from "./payment/provider-origins";
import { registerPayPalEndpoints, registerPayPalWebhook } from "./http/paypal";
import { registerAmazonPayEndpoints, registerAmazonPayIpn } from "./http/amazon-pay";
import { registerAmazonPaySignIn } from "./http/amazon-pay-sign-in";
import { AMAZON_PAY_IPN_PATH, PAYPAL_WEBHOOK_PATH } from "./payment/providers";

import { VIDEO_FRAME_ORIGINS } from "./catalog/video";
import { registerCaptchaEndpoints } from "./http/captcha";
import { registerAccountEndpoints } from "./http/account";
import { registerB2bEndpoints } from "./http/b2b";
import { QUICK_ORDER_UPLOAD_PATH, registerQuickOrderEndpoints } from "./http/quick-order";
import { IMAGE_SEARCH_PATH, registerImageSearchEndpoints } from "./http/image-search";
import { registerAiSearchEndpoints } from "./http/ai-search";
import { registerAccountWidgetEndpoints } from "./http/account-widgets";
import { registerCartEndpoints } from "./http/cart";
import { registerCatalogEndpoints } from "./http/catalog";
import { registerConsentEndpoints } from "./http/consent";
import { registerListingEndpoints } from "./http/listing";
import { registerContactEndpoints } from "./http/contact";
import { registerPageMessagesEndpoint } from "./http/page-messages";
import { clientIp } from "./http/client-ip";
import { registerCountryEndpoints } from "./http/country";
import type { AppEnv } from "./http/env";
import { csrfGuard } from "./http/csrf";
import { errorResponse } from "./http/errors";
import { registerGeoIpEndpoints } from "./http/geoip";
import { registerSiteEndpoints } from "./http/site";
import { registerReviewEndpoints } from "./http/reviews";
import { registerOrderFinishEndpoints } from "./http/order-finish";
import { ELIGIBILITY_PROOF_PATH, registerEligibilityEndpoints } from "./http/eligibility";
import { registerSearchEndpoints } from "./http/search";
import { registerWishlistEndpoints } from "./http/wishlist";
import { registerVisitorPingerEndpoints } from "./http/visitor-pinger";
import { registerBlacklistEndpoints } from "./http/blacklist";
import type * as RequestContextModule from "./request-context";
import type { AppServices } from "./services";
import { CACHE_CONTROL } from "./http/cache-control";
import { requestLocale } from "./http/locale";
import { cachedPages, pageCacheHandler, scriptHashesInPolicy, type PageRender } from "./http/page-cache";
import { assetsFromMemory } from "./http/static-assets";

export const MAX_BODY_BYTES = 1024 * 1024;

export interface AppOptions {
  services: AppServices;
  /** The React Router server build, or a loader of it (development reloads it per request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the client build (`build/client`); absent in development, where Vite serves assets. */
  clientDir?: string;
}

export function createApp({ services, build, clientDir }: AppOptions) {
  const { config, logger } = services;
  const app = new Hono<AppEnv>();
  const captchaOrigins = captchaProviderOrigins(config.captchaProvider);

  app.use(async (c, next) => {
    const started = performance.now();
    c.set("requestId", crypto.randomUUID());
    await next();
    logger.info("request", {
      id: c.get("requestId"),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  app.onError((error, c) => {
    logger.error("unhandled error", { id: c.get("requestId"), path: c.req.path, error: String(error?.stack ?? error) });
    return errorResponse(c, 500, "Something went wrong on our side. Please try again in a moment.");
  });

  // A shared page's inline scripts are allowed by hash instead of the nonce (outside the policy's middleware).
  app.use(scriptHashesInPolicy);
  // The policy allows Google Analytics' hosts only while the shop has a measurement id (a setting).
  const headersFor = securityHeadersFor(config, captchaOrigins);
  // Each provider's hosts only on the pages that may load its script (kernel/paypal-pages.ts, kernel/amazon-pay-pages.ts).
  const paypal = payPalOrigins(services.payments.paypal?.connection ?? null);
  const amazonPay = amazonPayOrigins(services.payments.amazonPay?.connection ?? null);
  const both = mergeOrigins(paypal, amazonPay);
  const providersOf = (path: string) => {
    const withPayPal = loadsPayPal(path);
    const withAmazon = loadsAmazonPay(path);
    return withPayPal && withAmazon ? both : withPayPal ? paypal : withAmazon ? amazonPay : NO_PROVIDER_ORIGINS;
  };
  app.use(async (c, next) => headersFor(analyticsOrigins(await loadAnalyticsConfig(services.settings)), providersOf(c.req.path))(c, next));
  app.use(compress());
  const limitBody = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => errorResponse(c, 413, "The request is too large.") });
  // The quick-order upload and image search stream their file and limit it themselves (100 MB, spec §5;
  // IMAGE_SEARCH_MAX_BYTES).
  const limitsItself = new Set<string>([QUICK_ORDER_UPLOAD_PATH, IMAGE_SEARCH_PATH, ELIGIBILITY_PROOF_PATH]);
  app.use((c, next) => (limitsItself.has(c.req.path) ? next() : limitBody(c, next)));
  app.use(csrfGuard([new URL(config.appUrl).origin], { serverToServer: [PAYPAL_WEBHOOK_PATH, AMAZON_PAY_IPN_PATH] }));
  app.use(cachedPages(services.pageCache));

  if (clientDir) {
    app.use("/assets/*", assetsFromMemory(clientDir));
    app.all("/assets/*", (c) => errorResponse(c, 404, "This file does not exist."));
  }
  app.use(
    "/media/*",
    cached(
      CACHE_CONTROL.media,
      serveStatic({ root: path.relative(process.cwd(), config.mediaDir), rewriteRequestPath: (p) => p.replace(/^\/media/, "") }),
    ),
  );
  app.all("/media/*", (c) => errorResponse(c, 404, "This image does not exist."));

  registerSiteEndpoints(app, services);
  registerPageMessagesEndpoint(app);
  registerCatalogEndpoints(app, services);
  registerListingEndpoints(app, services);
  registerSearchEndpoints(app, services);
  registerConsentEndpoints(app, services);
  registerCartEndpoints(app, services);
  registerCountryEndpoints(app, services);
  registerGeoIpEndpoints(app, services);
  registerVisitorPingerEndpoints(app, services);
  registerBlacklistEndpoints(app, services);
  registerCaptchaEndpoints(app, services);
  registerContactEndpoints(app, services);
  registerAccountEndpoints(app, services);
  registerB2bEndpoints(app, services);
  registerQuickOrderEndpoints(app, services);
  registerAiSearchEndpoints(app, services);
  registerImageSearchEndpoints(app, services);
  registerAccountWidgetEndpoints(app, services);
  registerWishlistEndpoints(app, services);
  registerReviewEndpoints(app, services);
  registerOrderFinishEndpoints(app, services);
  registerEligibilityEndpoints(app, services);
  registerPayPalEndpoints(app, services);
  registerPayPalWebhook(app, services);
  registerAmazonPayEndpoints(app, services);
  registerAmazonPaySignIn(app, services);
  registerAmazonPayIpn(app, services);

  if (clientDir) {
    // The build's manifest is for the server (chunk preloads), not for the public.
    app.all("/.vite/*", (c) => errorResponse(c, 404, "This file does not exist."));
    // Other files of the client build (favicon, robots) by exact name; misses fall through to pages.
    // Only names with an extension are looked up: a page's path would cost a disk lookup per request.
    const siteFiles = cached(CACHE_CONTROL.siteFiles, serveStatic({ root: path.relative(process.cwd(), clientDir) }));
    app.use("*", (c, next) => (/\.[^/]*$/.test(c.req.path) ? siteFiles(c, next) : next()));
  }

  const staticHandler = typeof build === "function" ? undefined : createRequestHandler(build, config.env);
  const currentBuild = typeof build === "function" ? build : () => build;
  app.all(
    "*",
    pageCacheHandler(services.pageCache, currentBuild, async (c, page) => {
      const current = await currentBuild();
      const handler = staticHandler ?? createRequestHandler(current, config.env);
      return handler(c.req.raw, routerContext(c, services, current, page));
    }),
  );

  return app;
}

/**
 * The security headers (CSP with nonces) for the hosts of the configured providers; one middleware per
 * set of analytics hosts, made when first needed (a setting changes them at run time).
 */
function securityHeadersFor(config: AppServices["config"], captchaOrigins: CaptchaOrigins) {
  const made = new Map<string, MiddlewareHandler>();
  return (analytics: AnalyticsOrigins, providers: ProviderOrigins): MiddlewareHandler => {
    const key = JSON.stringify([analytics, providers]);
    let handler = made.get(key);
    if (!handler) {
      handler = secureHeaders({
        contentSecurityPolicy:
          config.env === "development"
            ? undefined
            : {
                defaultSrc: ["'self'"],
                // 'wasm-unsafe-eval' compiles WebAssembly only (not JavaScript): the 3D viewer's mesh decoder needs it.
                scriptSrc: ["'self'", NONCE, ...captchaOrigins.scriptSrc, ...analytics.scriptSrc, ...providers.scriptSrc, "'wasm-unsafe-eval'"],
                styleSrc: ["'self'", "'unsafe-inline'"],
                imgSrc: ["'self'", "data:", "blob:", ...analytics.imgSrc, ...providers.imgSrc],
                fontSrc: ["'self'"],
                // The 3D viewer's glTF loader fetches the textures it unpacked from the GLB as blob: URLs.
                connectSrc: ["'self'", "blob:", ...captchaOrigins.connectSrc, ...analytics.connectSrc, ...providers.connectSrc],
                // Product videos play in their host's frame, only after consent (the page asks nothing of the host before).
                frameSrc: ["'self'", ...captchaOrigins.frameSrc, ...providers.frameSrc, ...Object.values(VIDEO_FRAME_ORIGINS)],
                objectSrc: ["'none'"],
                baseUri: ["'self'"],
                formAction: ["'self'", ...providers.formAction],
                frameAncestors: ["'none'"],
              },
        strictTransportSecurity: config.appUrl.startsWith("https:") ? "max-age=31536000; includeSubDomains" : false,
        crossOriginEmbedderPolicy: false,
        referrerPolicy: "strict-origin-when-cross-origin",
      });
      made.set(key, handler);
    }
    return handler;
  };
}

/** Adds a Cache-Control header to the files a static handler serves (its `onFound` runs too late). */
function cached(value: string, handler: MiddlewareHandler): MiddlewareHandler {
  return async (c, next) => {
    const response = await handler(c, next);
    if (response instanceof Response && response.ok) response.headers.set("Cache-Control", value);
    return response;
  };
}

function routerContext(c: Context<AppEnv>, services: AppServices, build: ServerBuild, page: PageRender): RouterContextProvider {
  // The build carries its own copy of the context keys (see app/entry.server.tsx).
  const { servicesContext, requestInfoContext } = build.entry.module as unknown as typeof RequestContextModule;
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestInfoContext, {
    nonce: page.shared ? undefined : c.get("secureHeadersNonce"),
    shared: page.shared,
    pageTags: page.tags,
    locale: requestLocale(c),
    clientIp: clientIp(c, services.config.trustProxy),
  });
  return context;
}
