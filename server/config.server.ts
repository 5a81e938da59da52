import { createPrivateKey, randomBytes, type KeyObject } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { AMAZON_PAY_API, type AmazonPayRegion } from "./payment/amazon-pay/client";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default(".data"),
  MEDIA_DIR: z.string().min(1).optional(),
  /** Where eligibility proofs are kept (issue 26): never under public/ or the media folder. Default DATA_DIR/eligibility-proofs. */
  ELIGIBILITY_PROOF_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
  APP_URL: z.url().optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Vitrine <shop@localhost>"),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  RECAPTCHA_VERSION: z.enum(["v2", "v2-invisible", "v3"], { message: "must be v2, v2-invisible or v3" }).default("v2"),
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0, "must be between 0 and 1").max(1, "must be between 0 and 1").default(0.5),
  RECAPTCHA_VERIFY_URL: z.url().default("https://www.google.com/recaptcha/api/siteverify"),
  FRIENDLY_CAPTCHA_SITE_KEY: z.string().min(1).optional(),
  FRIENDLY_CAPTCHA_API_KEY: z.string().min(1).optional(),
  FRIENDLY_CAPTCHA_VERIFY_URL: z.url().default("https://global.frcapi.com/api/v2/captcha/siteverify"),
  CAPTCHA_FIXED_CODE: z
    .string()
    .regex(/^[A-Za-z0-9]{3,20}$/, "must be 3 to 20 letters or digits")
    .optional(),
  REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int("must be a whole number").min(1).max(100_000).default(20),
  TRUST_PROXY: z.coerce.number().int("must be a whole number of proxies").min(0).max(10).default(0),
  // Slow and idle connections (docs/decisions/0026).
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().int("must be a whole number of seconds").min(1).max(600).default(20),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int("must be a whole number of seconds").min(1).max(3600).default(60),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int("must be a whole number of seconds").min(1).max(3600).default(65),
  MAX_CONNECTIONS: z.coerce.number().int("must be a whole number").min(1).max(1_000_000).default(2000),
  // Shared pages kept in memory (docs/decisions/0029); 0 switches the page cache off.
  PAGE_CACHE_MB: z.coerce.number().int("must be a whole number of megabytes").min(0).max(65_536).default(64),
  SHARED_CACHE_PURGE_URL: z.url().optional(),
  GEOIP_URL: z
    .url("must be a URL with {ip} where the visitor's address goes, e.g. https://ipapi.co/{ip}/json/")
    .refine((url) => url.includes("{ip}"), "must contain {ip} where the visitor's address goes, e.g. https://ipapi.co/{ip}/json/")
    .optional(),
  DEEPL_API_KEY: z.string().min(1).optional(),
  DEEPL_API_URL: z.url().optional(),
  LIBRETRANSLATE_URL: z.url().optional(),
  LIBRETRANSLATE_API_KEY: z.string().min(1).optional(),
  // Image search (issue 25, docs/decisions/0038): the largest photo taken.
  ELIGIBILITY_PROOF_MAX_BYTES: z.coerce.number().int("must be a whole number of bytes").min(1024, "must be at least 1024 bytes").max(100 * 1024 * 1024, "must be at most 100 MB (104857600 bytes)").default(10 * 1024 * 1024),
  IMAGE_SEARCH_MAX_BYTES: z.coerce.number().int("must be a whole number of bytes").min(1024, "must be at least 1024 bytes").max(100 * 1024 * 1024, "must be at most 100 MB (104857600 bytes)").default(10 * 1024 * 1024),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_MODEL: z.string().min(1).optional(),
  // The AI search's interpreter (docs/decisions/0039): the offline one, a model, or the model's local test double.
  AI_SEARCH_PROVIDER: z.enum(["offline", "openai-compatible", "double"], { message: "must be offline, openai-compatible or double" }).default("offline"),
  AI_SEARCH_BASE_URL: z.url().optional(),
  AI_SEARCH_API_KEY: z.string().min(1).optional(),
  AI_SEARCH_MODEL: z.string().min(1).optional(),
  AI_SEARCH_TIMEOUT_MS: z.coerce.number().int("must be a whole number of milliseconds").min(100).max(60_000).default(2500),
  AI_SEARCH_DOUBLE_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  // Image search asks the AI search's model (or its double) to describe the photo too (docs/decisions/0039 addendum).
  IMAGE_SEARCH_VISION: z.enum(["off", "on"], { message: "must be off or on" }).default("off"),
  IMAGE_SEARCH_VISION_MODEL: z.string().min(1).optional(),
  // PayPal (docs/decisions/0030): with credentials the real API; without, the local test double.
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_ENVIRONMENT: z.enum(["sandbox", "production"], { message: "must be sandbox or production" }).default("sandbox"),
  PAYPAL_API_URL: z.url().optional(),
  PAYPAL_SDK_URL: z.url().optional(),
  PAYPAL_INTENT: z.enum(["capture", "authorize"], { message: "must be capture or authorize" }).default("capture"),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  PAYPAL_MERCHANT_ID: z.string().min(1).optional(),
  PAYPAL_MERCHANT_COUNTRY: z.string().regex(/^[A-Z]{2}$/, "must be a two-letter country code, e.g. DE").default("DE"),
  PAYPAL_PARTNER_ATTRIBUTION_ID: z.string().min(1).optional(),
  PAYPAL_FORCE_3DS: z.enum(["0", "1"], { message: "must be 0 or 1" }).default("0"),
  PAYPAL_DOUBLE: z.enum(["on", "off"], { message: "must be on or off" }).default("on"),
  PAYPAL_DOUBLE_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** The double completes Pay upon invoice orders by itself this long after creation (the demo shows the polling). */
  PAYPAL_DOUBLE_PUI_COMPLETE_MS: z.coerce.number().int().min(0).max(600_000).default(6000),
  // Amazon Pay (docs/decisions/0031): the four credentials together, or the local test double.
  AMAZON_PAY_MERCHANT_ID: z.string().regex(/^[A-Z0-9]{8,20}$/, "must be the merchant id from Seller Central, e.g. A2ABCDEF123456").optional(),
  AMAZON_PAY_STORE_ID: z.string().min(1).optional(),
  AMAZON_PAY_PUBLIC_KEY_ID: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, "must be the public key id from Seller Central, e.g. SANDBOX-AHX…").optional(),
  AMAZON_PAY_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  AMAZON_PAY_REGION: z.enum(["eu", "na", "jp"], { message: "must be eu, na or jp" }).default("eu"),
  AMAZON_PAY_ENVIRONMENT: z.enum(["sandbox", "live"], { message: "must be sandbox or live" }).optional(),
  AMAZON_PAY_API_URL: z.url().optional(),
  AMAZON_PAY_CHECKOUT_SCRIPT_URL: z.url().optional(),
  AMAZON_PAY_INTENT: z.enum(["capture", "authorize"], { message: "must be capture or authorize" }).default("capture"),
  AMAZON_PAY_DOUBLE: z.enum(["on", "off"], { message: "must be on or off" }).default("on"),
  AMAZON_PAY_DOUBLE_PORT: z.coerce.number().int().min(0).max(65535).default(0),
})
  // Node refuses a headers timeout longer than the request timeout (the headers are part of the request).
  .refine((e) => e.REQUEST_TIMEOUT_SECONDS >= e.HEADERS_TIMEOUT_SECONDS, {
    path: ["REQUEST_TIMEOUT_SECONDS"],
    message: "must be at least HEADERS_TIMEOUT_SECONDS (the headers are part of the request)",
  });

/** A captcha provider switched on by its keys; none configured, forms use the basic image captcha. */
export type CaptchaProviderConfig =
  | {
      kind: "recaptcha";
      version: "v2" | "v2-invisible" | "v3";
      siteKey: string;
      secretKey: string;
      /** v3: the lowest score that passes. */
      minScore: number;
      verifyUrl: string;
    }
  | { kind: "friendly-captcha"; siteKey: string; apiKey: string; verifyUrl: string };

/** How the HTTP server treats slow and idle connections (docs/decisions/0026). */
export interface ConnectionLimits {
  /** Time from the connection (or the first byte of a further request on it) to the end of the request headers. */
  headersTimeoutMs: number;
  /** Time to receive a whole request, body included. */
  requestTimeoutMs: number;
  /** How long a connection may wait idle for its next request. */
  keepAliveTimeoutMs: number;
  /** Open connections at most; further ones are closed at once. */
  maxConnections: number;
}

/** The review translation service switched on by its variables (docs/decisions/0021); none, no translation. */
export type TranslationProviderConfig =
  | { kind: "deepl"; apiKey: string; apiUrl: string }
  | { kind: "libretranslate"; url: string; apiKey: string | undefined }
  | { kind: "openai-compatible"; baseUrl: string; apiKey: string | undefined; model: string };

/**
 * What reads the AI search's descriptions (docs/decisions/0039): the offline interpreter alone, or an
 * OpenAI-compatible model first (falling back to the offline interpreter), or the model's local test
 * double, which `server/main.ts` starts on 127.0.0.1 and then reaches like any model.
 */
export type AiSearchInterpreterConfig =
  | { kind: "offline" }
  | { kind: "openai-compatible"; baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number }
  | { kind: "double"; port: number; timeoutMs: number };

/** How the shop reaches PayPal: its real API (sandbox or live), the local test double, or not at all. */
export type PayPalConfig =
  | { mode: "off" }
  | { mode: "double"; port: number; puiCompleteAfterMs: number; settings: PayPalSettings }
  | { mode: "api"; apiUrl: string; sdkUrl: string; clientId: string; clientSecret: string; settings: PayPalSettings };

/** What PayPal payments do, wherever they go. */
export interface PayPalSettings {
  environment: "sandbox" | "production";
  intent: "capture" | "authorize";
  /** PayPal's id of the shop's webhook (signature verification); unset, webhooks are refused. */
  webhookId: string | undefined;
  merchantId: string | undefined;
  /** Where the merchant is registered: Pay upon invoice needs DE. */
  merchantCountry: string;
  partnerAttributionId: string | undefined;
  /** Cards only with 3-D Secure liability shift. */
  force3ds: boolean;
}

/** How the shop reaches Amazon Pay: its API with the merchant's credentials, the local test double, or not at all. */
export type AmazonPayConfig =
  | { mode: "off" }
  | { mode: "double"; port: number; intent: AmazonPayIntent }
  | {
      mode: "api";
      merchantId: string;
      storeId: string;
      publicKeyId: string;
      privateKey: KeyObject;
      region: AmazonPayRegion;
      environment: "sandbox" | "live";
      apiUrl: string;
      checkoutScriptUrl: string;
      intent: AmazonPayIntent;
    };

/** `capture`: the money is taken when the buyer completes checkout; `authorize`: the shop's staff capture it later. */
export type AmazonPayIntent = "capture" | "authorize";

export interface AppConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  /** The largest photo image search takes (IMAGE_SEARCH_MAX_BYTES, 10 MB). */
  imageSearchMaxBytes: number;
  /** The eligibility proofs' folder (ELIGIBILITY_PROOF_DIR, default DATA_DIR/eligibility-proofs): outside the web root. */
  eligibilityProofDir: string;
  /** The largest eligibility proof taken (ELIGIBILITY_PROOF_MAX_BYTES, 10 MB). */
  eligibilityProofMaxBytes: number;
  databaseUrl: string | undefined;
  appUrl: string;
  sessionSecret: string;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** Mail goes through this SMTP server; unset, mails are written to `mailDir` as .eml files. */
  smtpUrl: string | undefined;
  mailDir: string;
  mailFrom: string;
  captchaProvider: CaptchaProviderConfig | undefined;
  /**
   * Browser tests only: every basic captcha draws this code, so a test can pass the captcha. Logged as
   * a warning at start; refused for an https APP_URL (a real shop).
   */
  captchaFixedCode: string | undefined;
  /**
   * How many reverse proxies stand in front of the app and append to `X-Forwarded-For` (0: none, the
   * header is ignored). Decides the client IP of the attempt limits (docs/decisions/0007).
   */
  trustProxy: number;
  /** Accounts one client address may create per hour (docs/decisions/0007). */
  registrationsPerIpPerHour: number;
  /**
   * IP geolocation service for the phone field's initial country (spec §7): `{ip}` is replaced by the
   * visitor's address, the JSON answer's `country_code` is read. Unset: no country is preset.
   */
  geoIpUrl: string | undefined;
  /** Machine translation of reviews; unset, reviews show only in their own language. */
  translationProvider: TranslationProviderConfig | undefined;
  aiSearch: AiSearchInterpreterConfig;
  /**
   * Image search also asks the AI search's model to describe the photo (IMAGE_SEARCH_VISION=on); `model`
   * (IMAGE_SEARCH_VISION_MODEL) when another model of the same service sees pictures. null: it does not.
   */
  imageSearchVision: { model: string | undefined } | null;
  connections: ConnectionLimits;
  /** Memory for shared pages (all three encodings); 0: no page cache. */
  pageCacheBytes: number;
  /** A shared cache in front (Varnish) that takes `PURGE` requests with the changed tags (docs/deployment.md). */
  sharedCachePurgeUrl: string | undefined;
  paypal: PayPalConfig;
  amazonPay: AmazonPayConfig;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment once; an invalid value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const captchaProvider = captchaProviderFrom(e);
  if (e.CAPTCHA_FIXED_CODE && e.APP_URL?.startsWith("https:")) {
    throw new ConfigError("Invalid configuration:\n  CAPTCHA_FIXED_CODE: is for browser tests only and cannot be used with an https APP_URL");
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: e.MEDIA_DIR ? path.resolve(e.MEDIA_DIR) : path.join(dataDir, "media"),
    imageSearchMaxBytes: e.IMAGE_SEARCH_MAX_BYTES,
    eligibilityProofDir: e.ELIGIBILITY_PROOF_DIR ? path.resolve(e.ELIGIBILITY_PROOF_DIR) : path.join(dataDir, "eligibility-proofs"),
    eligibilityProofMaxBytes: e.ELIGIBILITY_PROOF_MAX_BYTES,
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    sessionSecret: e.SESSION_SECRET ?? storedSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailDir: path.join(dataDir, "mail"),
    mailFrom: e.MAIL_FROM,
    captchaProvider,
    captchaFixedCode: e.CAPTCHA_FIXED_CODE,
    trustProxy: e.TRUST_PROXY,
    registrationsPerIpPerHour: e.REGISTRATIONS_PER_IP_PER_HOUR,
    geoIpUrl: e.GEOIP_URL,
    translationProvider: translationProviderFrom(e),
    aiSearch: aiSearchFrom(e),
    imageSearchVision: imageSearchVisionFrom(e),
    connections: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      maxConnections: e.MAX_CONNECTIONS,
    },
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    sharedCachePurgeUrl: e.SHARED_CACHE_PURGE_URL,
    paypal: payPalFrom(e),
    amazonPay: amazonPayFrom(e),
  };
}

const PAYPAL_HOSTS = {
  sandbox: { api: "https://api-m.sandbox.paypal.com", sdk: "https://www.sandbox.paypal.com/sdk/js" },
  production: { api: "https://api-m.paypal.com", sdk: "https://www.paypal.com/sdk/js" },
} as const;

/** Credentials come in pairs; with them the double is never used. */
function payPalFrom(e: z.infer<typeof EnvSchema>): PayPalConfig {
  if (!!e.PAYPAL_CLIENT_ID !== !!e.PAYPAL_CLIENT_SECRET) {
    const missing = e.PAYPAL_CLIENT_ID ? "PAYPAL_CLIENT_SECRET" : "PAYPAL_CLIENT_ID";
    throw new ConfigError(`Invalid configuration:\n  ${missing}: must be set together with ${e.PAYPAL_CLIENT_ID ? "PAYPAL_CLIENT_ID" : "PAYPAL_CLIENT_SECRET"}`);
  }
  const settings: PayPalSettings = {
    environment: e.PAYPAL_ENVIRONMENT,
    intent: e.PAYPAL_INTENT,
    webhookId: e.PAYPAL_WEBHOOK_ID,
    merchantId: e.PAYPAL_MERCHANT_ID,
    merchantCountry: e.PAYPAL_MERCHANT_COUNTRY,
    partnerAttributionId: e.PAYPAL_PARTNER_ATTRIBUTION_ID,
    force3ds: e.PAYPAL_FORCE_3DS === "1",
  };
  if (e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET) {
    const hosts = PAYPAL_HOSTS[e.PAYPAL_ENVIRONMENT];
    return {
      mode: "api",
      apiUrl: (e.PAYPAL_API_URL ?? hosts.api).replace(/\/$/, ""),
      sdkUrl: e.PAYPAL_SDK_URL ?? hosts.sdk,
      clientId: e.PAYPAL_CLIENT_ID,
      clientSecret: e.PAYPAL_CLIENT_SECRET,
      settings,
    };
  }
  if (e.PAYPAL_DOUBLE === "off") return { mode: "off" };
  return { mode: "double", port: e.PAYPAL_DOUBLE_PORT, puiCompleteAfterMs: e.PAYPAL_DOUBLE_PUI_COMPLETE_MS, settings: { ...settings, environment: "sandbox" } };
}

const AMAZON_PAY_SCRIPTS = {
  eu: "https://static-eu.payments-amazon.com/checkout.js",
  na: "https://static-na.payments-amazon.com/checkout.js",
  jp: "https://static-fe.payments-amazon.com/checkout.js",
} as const;

const AMAZON_PAY_CREDENTIALS = ["AMAZON_PAY_MERCHANT_ID", "AMAZON_PAY_STORE_ID", "AMAZON_PAY_PUBLIC_KEY_ID", "AMAZON_PAY_PRIVATE_KEY_FILE"] as const;

/** The four credentials come together (the key file must hold a private key); with them the double is never used. */
function amazonPayFrom(e: z.infer<typeof EnvSchema>): AmazonPayConfig {
  const intent = e.AMAZON_PAY_INTENT;
  const given = AMAZON_PAY_CREDENTIALS.filter((name) => e[name]);
  if (given.length === 0) {
    return e.AMAZON_PAY_DOUBLE === "off" ? { mode: "off" } : { mode: "double", port: e.AMAZON_PAY_DOUBLE_PORT, intent };
  }
  if (given.length < AMAZON_PAY_CREDENTIALS.length) {
    const missing = AMAZON_PAY_CREDENTIALS.filter((name) => !e[name]);
    throw new ConfigError(`Invalid configuration:\n${missing.map((name) => `  ${name}: must be set together with ${given.join(", ")}`).join("\n")}`);
  }
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(readFileSync(e.AMAZON_PAY_PRIVATE_KEY_FILE!, "utf8"));
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  AMAZON_PAY_PRIVATE_KEY_FILE: is not a readable PEM private key (${(error as Error).message})`);
  }
  const publicKeyId = e.AMAZON_PAY_PUBLIC_KEY_ID!;
  const environment = e.AMAZON_PAY_ENVIRONMENT ?? (publicKeyId.startsWith("LIVE-") ? "live" : publicKeyId.startsWith("SANDBOX-") ? "sandbox" : undefined);
  if (!environment) {
    throw new ConfigError("Invalid configuration:\n  AMAZON_PAY_ENVIRONMENT: must be sandbox or live for a public key id without the SANDBOX-/LIVE- prefix");
  }
  return {
    mode: "api",
    merchantId: e.AMAZON_PAY_MERCHANT_ID!,
    storeId: e.AMAZON_PAY_STORE_ID!,
    publicKeyId,
    privateKey,
    region: e.AMAZON_PAY_REGION,
    environment,
    apiUrl: (e.AMAZON_PAY_API_URL ?? AMAZON_PAY_API[e.AMAZON_PAY_REGION]).replace(/\/$/, ""),
    checkoutScriptUrl: e.AMAZON_PAY_CHECKOUT_SCRIPT_URL ?? AMAZON_PAY_SCRIPTS[e.AMAZON_PAY_REGION],
    intent,
  };
}

/** Site key and secret come in pairs; one provider at most, so every form shows the same captcha. */
function captchaProviderFrom(e: z.infer<typeof EnvSchema>): CaptchaProviderConfig | undefined {
  const problems: string[] = [];
  const pair = (siteName: string, site: string | undefined, secretName: string, secret: string | undefined) => {
    if (!!site !== !!secret) problems.push(`  ${site ? secretName : siteName}: must be set together with ${site ? siteName : secretName}`);
    return !!site && !!secret;
  };
  const recaptcha = pair("RECAPTCHA_SITE_KEY", e.RECAPTCHA_SITE_KEY, "RECAPTCHA_SECRET_KEY", e.RECAPTCHA_SECRET_KEY);
  const friendly = pair("FRIENDLY_CAPTCHA_SITE_KEY", e.FRIENDLY_CAPTCHA_SITE_KEY, "FRIENDLY_CAPTCHA_API_KEY", e.FRIENDLY_CAPTCHA_API_KEY);
  if (recaptcha && friendly) problems.push("  FRIENDLY_CAPTCHA_SITE_KEY: set the keys of one captcha provider only (reCAPTCHA or Friendly Captcha)");
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  if (recaptcha) {
    return {
      kind: "recaptcha",
      version: e.RECAPTCHA_VERSION,
      siteKey: e.RECAPTCHA_SITE_KEY!,
      secretKey: e.RECAPTCHA_SECRET_KEY!,
      minScore: e.RECAPTCHA_MIN_SCORE,
      verifyUrl: e.RECAPTCHA_VERIFY_URL,
    };
  }
  if (friendly) {
    return { kind: "friendly-captcha", siteKey: e.FRIENDLY_CAPTCHA_SITE_KEY!, apiKey: e.FRIENDLY_CAPTCHA_API_KEY!, verifyUrl: e.FRIENDLY_CAPTCHA_VERIFY_URL };
  }
  return undefined;
}

function translationProviderFrom(e: z.infer<typeof EnvSchema>): TranslationProviderConfig | undefined {
  const configured: TranslationProviderConfig[] = [];
  if (e.DEEPL_API_KEY) {
    // DeepL's free-plan keys end in ":fx" and only work on the free API's host.
    const apiUrl = e.DEEPL_API_URL ?? (e.DEEPL_API_KEY.endsWith(":fx") ? "https://api-free.deepl.com" : "https://api.deepl.com");
    configured.push({ kind: "deepl", apiKey: e.DEEPL_API_KEY, apiUrl: apiUrl.replace(/\/$/, "") });
  }
  if (e.LIBRETRANSLATE_URL) {
    configured.push({ kind: "libretranslate", url: e.LIBRETRANSLATE_URL.replace(/\/$/, ""), apiKey: e.LIBRETRANSLATE_API_KEY });
  }
  if (e.OPENAI_BASE_URL || e.OPENAI_MODEL) {
    if (!e.OPENAI_MODEL) throw new ConfigError("Invalid configuration:\n  OPENAI_MODEL: must name the model that translates reviews, e.g. gpt-4o-mini");
    const baseUrl = (e.OPENAI_BASE_URL ?? "https://api.openai.com/v1").replace(/\/$/, "");
    configured.push({ kind: "openai-compatible", baseUrl, apiKey: e.OPENAI_API_KEY, model: e.OPENAI_MODEL });
  }
  if (configured.length > 1) {
    throw new ConfigError("Invalid configuration:\n  DEEPL_API_KEY: set the variables of one translation service only (DeepL, LibreTranslate or an OpenAI-compatible endpoint)");
  }
  return configured[0];
}

/** A model needs its name; the double never runs with a model's address or key set. */
function aiSearchFrom(e: z.infer<typeof EnvSchema>): AiSearchInterpreterConfig {
  const timeoutMs = e.AI_SEARCH_TIMEOUT_MS;
  switch (e.AI_SEARCH_PROVIDER) {
    case "offline":
      return { kind: "offline" };
    case "double": {
      const real = (["AI_SEARCH_BASE_URL", "AI_SEARCH_API_KEY"] as const).filter((name) => e[name]);
      if (real.length) {
        throw new ConfigError(
          `Invalid configuration:\n${real.map((name) => `  ${name}: is for a real model, not the test double: set AI_SEARCH_PROVIDER=openai-compatible to use it`).join("\n")}`,
        );
      }
      return { kind: "double", port: e.AI_SEARCH_DOUBLE_PORT, timeoutMs };
    }
    case "openai-compatible": {
      if (!e.AI_SEARCH_MODEL) throw new ConfigError("Invalid configuration:\n  AI_SEARCH_MODEL: must name the model that reads AI search descriptions, e.g. gpt-4o-mini");
      const baseUrl = (e.AI_SEARCH_BASE_URL ?? "https://api.openai.com/v1").replace(/\/$/, "");
      return { kind: "openai-compatible", baseUrl, apiKey: e.AI_SEARCH_API_KEY, model: e.AI_SEARCH_MODEL, timeoutMs };
    }
  }
}

/** The vision model is the AI search's service: it needs one (a model or the double); the double has no other model. */
function imageSearchVisionFrom(e: z.infer<typeof EnvSchema>): { model: string | undefined } | null {
  if (e.IMAGE_SEARCH_VISION === "off") {
    if (e.IMAGE_SEARCH_VISION_MODEL) throw new ConfigError("Invalid configuration:\n  IMAGE_SEARCH_VISION_MODEL: is used only with IMAGE_SEARCH_VISION=on");
    return null;
  }
  if (e.AI_SEARCH_PROVIDER === "offline") {
    throw new ConfigError("Invalid configuration:\n  IMAGE_SEARCH_VISION: needs AI_SEARCH_PROVIDER=openai-compatible (or double): the image search asks the AI search's model");
  }
  if (e.AI_SEARCH_PROVIDER === "double" && e.IMAGE_SEARCH_VISION_MODEL) {
    throw new ConfigError("Invalid configuration:\n  IMAGE_SEARCH_VISION_MODEL: is for a real model, not the test double: set AI_SEARCH_PROVIDER=openai-compatible to use it");
  }
  return { model: e.IMAGE_SEARCH_VISION_MODEL };
}

function storedSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
