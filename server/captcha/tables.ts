import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id } from "../db/columns";

/** A basic captcha's code (hashed); deleted when checked, so each code is good for one answer. */
export const captchaChallenge = pgTable(
  "captcha_challenge",
  {
    id: id(),
    formId: text("form_id").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("captcha_challenge_expires_idx").on(t.expiresAt)],
);
