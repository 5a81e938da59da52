/*
 * The sentence the employees page shows after a change. The change ends in a redirect (or, for a
 * deactivation with JavaScript, a navigation) to the page with a query that names the change and the
 * person, so the confirmation survives the reload and works without JavaScript.
 */

export type NoticeKind = "deactivated" | "reactivated" | "deleted" | "role-changed";

export interface Notice {
  kind: NoticeKind;
  firstName: string;
  lastName: string;
}

/** The query flag of each change; `deactivate=true` is the spec's (§7), the others follow its shape. */
const FLAGS: Record<NoticeKind, string> = {
  deactivated: "deactivate",
  reactivated: "reactivated",
  deleted: "deleted",
  "role-changed": "roleChanged",
};

/** Longer names than any the server stores are not ours: no sentence for a tampered link. */
const MAX_NAME_LENGTH = 100;

/** The query that makes the page confirm `kind` for this person. */
export function noticeQuery(kind: NoticeKind, person: { firstName: string; lastName: string }): Record<string, string> {
  return { [FLAGS[kind]]: "true", firstName: person.firstName, lastName: person.lastName };
}

/** The change the page's query confirms, or null (no flag, or a name missing or too long). */
export function noticeFromQuery(query: URLSearchParams): Notice | null {
  const kind = (Object.keys(FLAGS) as NoticeKind[]).find((candidate) => query.get(FLAGS[candidate]) === "true");
  const firstName = query.get("firstName")?.trim() ?? "";
  const lastName = query.get("lastName")?.trim() ?? "";
  const fits = (name: string) => name.length > 0 && name.length <= MAX_NAME_LENGTH;
  if (!kind || !fits(firstName) || !fits(lastName)) return null;
  return { kind, firstName, lastName };
}
