import { and, asc, eq } from "drizzle-orm";
import { createReadCache } from "../cache/read-cache";
import type { SalesChannelContext } from "../catalog/service";
import type { Database } from "../db/client";
import { isUniqueViolation } from "../customer/service";
import type { FieldErrors } from "../customer/types";
import { blacklistErrorCode, blacklistKindOf, findBlockedWord, type BlacklistKind } from "../../kernel/blacklist";
import { blacklistWord } from "./tables";

/** An operator's change shows within this long on every app server (this one sees it at once). */
const BLACKLIST_CACHE_TTL_MS = 10_000;

export interface BlacklistEntry {
  id: string;
  word: string;
  appliesTo: BlacklistKind;
  createdAt: Date;
}

export type AddWordResult = { ok: true; entry: BlacklistEntry } | { ok: false; reason: "duplicate" };

export interface BlacklistService {
  /** The words of one kind, as typed (trimmed), oldest first. */
  words(kind: BlacklistKind): Promise<string[]>;
  /** Every word of the sales channel with its kind, for the console. */
  list(): Promise<BlacklistEntry[]>;
  /** Adds a word (already validated: trimmed, 1–100 characters); the same word of the same kind in any case is a duplicate. */
  add(word: string, appliesTo: BlacklistKind): Promise<AddWordResult>;
  /** Removes a word by id; the removed entry, or null when there was none. */
  remove(id: string): Promise<BlacklistEntry | null>;
  /** Spec §5: the first word of `kind` that `value` contains (ignoring case), or null. */
  findBlockedWord(kind: BlacklistKind, value: string): Promise<string | null>;
  /**
   * A `blacklisted:<word>` field error for each of `fields` (form field name → value; the kind follows
   * the name: kernel/blacklist.ts) holding a word; empty when none does.
   */
  fieldErrors(fields: Record<string, string | null | undefined>): Promise<FieldErrors>;
  /** Drops what it has read (after a change in the database by another process). */
  forget(): void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createBlacklistService(db: Database, channel: SalesChannelContext): BlacklistService {
  const cache = createReadCache(BLACKLIST_CACHE_TTL_MS, 1);
  const all = () =>
    cache.get("all", async () => {
      const rows = await db
        .select({ id: blacklistWord.id, word: blacklistWord.word, appliesTo: blacklistWord.appliesTo, createdAt: blacklistWord.createdAt })
        .from(blacklistWord)
        .where(eq(blacklistWord.salesChannelId, channel.id))
        .orderBy(asc(blacklistWord.createdAt), asc(blacklistWord.word));
      return rows as BlacklistEntry[];
    });
  const words = async (kind: BlacklistKind) => (await all()).filter((entry) => entry.appliesTo === kind).map((entry) => entry.word);
  const findBlocked = async (kind: BlacklistKind, value: string) => findBlockedWord(value, await words(kind));

  return {
    words,
    list: all,
    findBlockedWord: findBlocked,
    async add(word, appliesTo) {
      try {
        const [row] = await db
          .insert(blacklistWord)
          .values({ salesChannelId: channel.id, word: word.trim(), appliesTo })
          .returning({ id: blacklistWord.id, word: blacklistWord.word, appliesTo: blacklistWord.appliesTo, createdAt: blacklistWord.createdAt });
        return { ok: true, entry: row as BlacklistEntry };
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: "duplicate" };
        throw error;
      } finally {
        cache.clear();
      }
    },
    async remove(id) {
      if (!UUID.test(id)) return null;
      const [row] = await db
        .delete(blacklistWord)
        .where(and(eq(blacklistWord.id, id), eq(blacklistWord.salesChannelId, channel.id)))
        .returning({ id: blacklistWord.id, word: blacklistWord.word, appliesTo: blacklistWord.appliesTo, createdAt: blacklistWord.createdAt });
      cache.clear();
      return (row as BlacklistEntry | undefined) ?? null;
    },
    async fieldErrors(fields) {
      const errors: FieldErrors = {};
      for (const [name, value] of Object.entries(fields)) {
        const kind = blacklistKindOf(name);
        if (!kind || !value) continue;
        const word = await findBlocked(kind, value);
        if (word) errors[name] = blacklistErrorCode(word);
      }
      return errors;
    },
    forget: () => cache.clear(),
  };
}
