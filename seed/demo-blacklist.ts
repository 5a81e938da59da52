import type { Database } from "../server/db/client";
import { blacklistWord } from "../server/blacklist/tables";
import { loadSalesChannel } from "../server/services";
import type { BlacklistKind } from "../kernel/blacklist";
import { eq } from "drizzle-orm";

/** The demo shop's blacklisted words (CONTRACT §8): a name word and an address word. */
export const DEMO_BLACKLIST: { word: string; appliesTo: BlacklistKind }[] = [
  { word: "Spammer", appliesTo: "name" },
  { word: "Nowhere Lane", appliesTo: "address" },
];

/**
 * Puts the demo words into a shop whose blacklist is empty; returns whether it did. Start-up calls it
 * once, when it imports the demo catalog into a new database, so words an operator removes stay removed.
 */
export async function ensureDemoBlacklist(db: Database): Promise<boolean> {
  const channel = await loadSalesChannel(db);
  const existing = await db.select({ id: blacklistWord.id }).from(blacklistWord).where(eq(blacklistWord.salesChannelId, channel.id)).limit(1);
  if (existing.length > 0) return false;
  await db
    .insert(blacklistWord)
    .values(DEMO_BLACKLIST.map((entry) => ({ salesChannelId: channel.id, ...entry })))
    .onConflictDoNothing();
  return true;
}
