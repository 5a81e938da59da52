import type { FieldErrors } from "./types";

/** What the customer services need of the blacklist (server/blacklist/service.ts): field errors for blocked values. */
export interface FieldBlacklist {
  fieldErrors(fields: Record<string, string | null | undefined>): Promise<FieldErrors>;
}

/**
 * The `blacklisted:<word>` errors of the given form fields (name → value as sent); values that are not
 * text are skipped (the schema refuses them). No blacklist: no errors.
 */
export async function blacklistErrors(blacklist: FieldBlacklist | undefined, fields: Record<string, unknown>): Promise<FieldErrors> {
  if (!blacklist) return {};
  const texts: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) if (typeof value === "string" && value.trim()) texts[name] = value;
  return blacklist.fieldErrors(texts);
}
