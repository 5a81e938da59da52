import { asc, inArray } from "drizzle-orm";
import { GOOGLE_ANALYTICS_FEATURE } from "../analytics/config";
import type { Database } from "../db/client";
import { cookieEntry, cookieGroup, type LocalizedText } from "./tables";

/** One cookie of the consent panel (`frontend.cookie.offcanvas`). */
export interface ConsentCookie {
  cookie: string;
  name: string;
  /** What accepting writes; null for cookies the shop sets itself (never written by consent). */
  value: string | null;
  expirationDays: number | null;
  /** Part of the data, not shown as a checkbox (`cookie-preference`). */
  hidden: boolean;
}

export interface ConsentGroup {
  technicalName: string;
  name: string;
  description: string;
  required: boolean;
  cookies: ConsentCookie[];
}

const text = (value: LocalizedText, locale: string) => value[locale] ?? value.en ?? Object.values(value)[0] ?? "";
const offered = (feature: string | null, features: ReadonlySet<string>) => feature === null || features.has(feature);

/**
 * The cookie groups the shop offers in `locale`, in order, without the groups and cookies of features
 * that are off (Google Analytics without a measurement id, …) and without groups left empty.
 */
export async function loadCookieGroups(db: Database, locale: string, features: ReadonlySet<string>): Promise<ConsentGroup[]> {
  const groups = await db.select().from(cookieGroup).orderBy(asc(cookieGroup.position), asc(cookieGroup.technicalName));
  const shown = groups.filter((group) => offered(group.feature, features));
  if (shown.length === 0) return [];
  const entries = await db
    .select()
    .from(cookieEntry)
    .where(
      inArray(
        cookieEntry.groupId,
        shown.map((group) => group.id),
      ),
    )
    .orderBy(asc(cookieEntry.position), asc(cookieEntry.cookie));
  return shown
    .map((group) => ({
      technicalName: group.technicalName,
      name: text(group.name, locale),
      description: text(group.description, locale),
      required: group.required,
      cookies: entries
        .filter((entry) => entry.groupId === group.id && offered(entry.feature, features))
        .map((entry) => ({
          cookie: entry.cookie,
          name: text(entry.name, locale),
          value: entry.value,
          expirationDays: entry.expirationDays,
          hidden: entry.hidden,
        })),
    }))
    .filter((group) => group.cookies.length > 0);
}

/** The features whose cookies the consent always offers. */
export const ACTIVE_CONSENT_FEATURES: ReadonlySet<string> = new Set(["wishlist"]);

/**
 * The features whose cookies the consent offers now: Google Analytics (feature `google-analytics`, the
 * statistics and marketing groups) joins exactly while the shop has a measurement id.
 */
export function activeConsentFeatures(analyticsConfigured: boolean): ReadonlySet<string> {
  return analyticsConfigured ? new Set([...ACTIVE_CONSENT_FEATURES, GOOGLE_ANALYTICS_FEATURE]) : ACTIVE_CONSENT_FEATURES;
}
