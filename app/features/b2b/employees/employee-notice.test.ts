import { describe, expect, it } from "vitest";
import { noticeFromQuery, noticeQuery, type NoticeKind } from "./employee-notice";

const person = { firstName: "Mara", lastName: "Lind" };

describe("employee notices in the page's query", () => {
  it("uses the spec's query after a deactivation (§7: deactivate=true, firstName, lastName)", () => {
    expect(new URLSearchParams(noticeQuery("deactivated", person)).toString()).toBe("deactivate=true&firstName=Mara&lastName=Lind");
  });

  it.each<NoticeKind>(["deactivated", "reactivated", "deleted", "role-changed"])("reads back %s", (kind) => {
    expect(noticeFromQuery(new URLSearchParams(noticeQuery(kind, person)))).toEqual({ kind, ...person });
  });

  it("has no notice without a flag, without a name or with a name longer than any stored", () => {
    expect(noticeFromQuery(new URLSearchParams("firstName=Mara&lastName=Lind"))).toBeNull();
    expect(noticeFromQuery(new URLSearchParams("deactivate=true&firstName=Mara"))).toBeNull();
    expect(noticeFromQuery(new URLSearchParams("deactivate=false&firstName=Mara&lastName=Lind"))).toBeNull();
    expect(noticeFromQuery(new URLSearchParams({ deleted: "true", firstName: "x".repeat(101), lastName: "Lind" }))).toBeNull();
  });
});
