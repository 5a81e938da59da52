import { describe, expect, it } from "vitest";
import {
  AMAZON_SIGN_IN_COOKIE,
  clearedPendingBuyerCookie,
  pendingBuyerCookie,
  pendingBuyerOf,
  PENDING_BUYER_MINUTES,
  signPendingBuyer,
  splitBuyerName,
  verifyPendingBuyer,
  type PendingBuyer,
} from "./sign-in";

const SECRET = "a-session-secret-of-the-shop-0123456789";
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const buyer: PendingBuyer = { buyerId: "amzn1.account.BUYER1", email: "erika@example.test", name: "Erika Mustermann", exp: NOW + 60_000 };

/** The cookie's value from a `Set-Cookie` header. */
const valueOf = (setCookie: string) => setCookie.split(";")[0]!.slice(AMAZON_SIGN_IN_COOKIE.length + 1);
const requestWith = (cookie: string, url = "http://shop.test/account/register") => new Request(url, { headers: { cookie } });

describe("the pending Amazon buyer cookie", () => {
  it("verifies what it signed, until it expires", () => {
    const value = signPendingBuyer(buyer, SECRET);
    expect(value).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(verifyPendingBuyer(value, SECRET, NOW)).toEqual(buyer);
    expect(verifyPendingBuyer(value, SECRET, buyer.exp - 1)).toEqual(buyer);
    expect(verifyPendingBuyer(value, SECRET, buyer.exp)).toBeNull();
  });

  it("refuses a value signed with another secret, a changed payload or a changed signature", () => {
    const value = signPendingBuyer(buyer, SECRET);
    const [payload, signature] = value.split(".") as [string, string];
    expect(verifyPendingBuyer(value, `${SECRET}-other`, NOW)).toBeNull();
    const forged = Buffer.from(JSON.stringify({ ...buyer, email: "victim@example.test" })).toString("base64url");
    expect(verifyPendingBuyer(`${forged}.${signature}`, SECRET, NOW)).toBeNull();
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    expect(verifyPendingBuyer(`${payload}.${flipped}`, SECRET, NOW)).toBeNull();
    expect(verifyPendingBuyer(`${payload}.${signature.slice(0, 10)}`, SECRET, NOW)).toBeNull();
    // Pushing the expiry out breaks the signature too.
    const later = Buffer.from(JSON.stringify({ ...buyer, exp: NOW + 86_400_000 })).toString("base64url");
    expect(verifyPendingBuyer(`${later}.${signature}`, SECRET, NOW + 120_000)).toBeNull();
  });

  it("refuses malformed values without throwing", () => {
    for (const value of [undefined, "", ".", "abc", "a.b.c", `${"x".repeat(5000)}.y`, "%%%.%%%"]) {
      expect(verifyPendingBuyer(value, SECRET, NOW)).toBeNull();
    }
    // Signed, but not a buyer: refused by its shape.
    const notABuyer = signPendingBuyer({ buyerId: "", email: "x", name: "y", exp: NOW + 1 } as PendingBuyer, SECRET);
    expect(verifyPendingBuyer(notABuyer, SECRET, NOW)).toBeNull();
  });

  it("is an HttpOnly, SameSite=Lax cookie for 15 minutes, Secure on https, read back from a request", () => {
    const setCookie = pendingBuyerCookie(requestWith(""), { buyerId: buyer.buyerId, email: buyer.email, name: buyer.name }, SECRET, NOW);
    expect(setCookie).toContain(`${AMAZON_SIGN_IN_COOKIE}=`);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain(`Max-Age=${PENDING_BUYER_MINUTES * 60}`);
    expect(setCookie).not.toContain("Secure");
    expect(pendingBuyerCookie(requestWith("", "https://shop.test/"), buyer, SECRET, NOW)).toContain("Secure");
    const read = pendingBuyerOf(requestWith(`other=1; ${AMAZON_SIGN_IN_COOKIE}=${valueOf(setCookie)}`), SECRET, NOW);
    expect(read).toEqual({ ...buyer, exp: NOW + PENDING_BUYER_MINUTES * 60_000 });
    expect(pendingBuyerOf(requestWith(`${AMAZON_SIGN_IN_COOKIE}=${valueOf(setCookie)}`), SECRET, NOW + PENDING_BUYER_MINUTES * 60_000)).toBeNull();
    expect(clearedPendingBuyerCookie(requestWith(""))).toMatch(new RegExp(`^${AMAZON_SIGN_IN_COOKIE}=;.*Max-Age=0`));
  });
});

describe("splitBuyerName", () => {
  it("takes the last word as the last name", () => {
    expect(splitBuyerName(" Erika  Maria Mustermann ")).toEqual({ firstName: "Erika  Maria", lastName: "Mustermann" });
    expect(splitBuyerName("Cher")).toEqual({ firstName: "Cher", lastName: "" });
  });
});
