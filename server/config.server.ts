import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default(".data"),
  MEDIA_DIR: z.string().min(1).optional(),
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
  TRUST_PROXY: z.coerce.number().int("must be a whole number of proxies").min(0).max(10).default(0),
  GEOIP_URL: z
    .url("must be a URL with {ip} where the visitor's address goes, e.g. https://ipapi.co/{ip}/json/")
    .refine((url) => url.includes("{ip}"), "must contain {ip} where the visitor's address goes, e.g. https://ipapi.co/{ip}/json/")
    .optional(),
});

export interface AppConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  sessionSecret: string;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** Mail goes through this SMTP server; unset, mails are written to `mailDir` as .eml files. */
  smtpUrl: string | undefined;
  mailDir: string;
  mailFrom: string;
  /**
   * How many reverse proxies stand in front of the app and append to `X-Forwarded-For` (0: none, the
   * header is ignored). Decides the client IP of the attempt limits (docs/decisions/0007).
   */
  trustProxy: number;
  /**
   * IP geolocation service for the phone field's initial country (spec §7): `{ip}` is replaced by the
   * visitor's address, the JSON answer's `country_code` is read. Unset: no country is preset.
   */
  geoIpUrl: string | undefined;
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
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: e.MEDIA_DIR ? path.resolve(e.MEDIA_DIR) : path.join(dataDir, "media"),
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    sessionSecret: e.SESSION_SECRET ?? storedSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    mailDir: path.join(dataDir, "mail"),
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY,
    geoIpUrl: e.GEOIP_URL,
  };
}

function storedSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
