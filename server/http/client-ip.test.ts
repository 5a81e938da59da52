import { describe, expect, it } from "vitest";
import { clientIpFrom } from "./client-ip";

describe("client IP", () => {
  it("ignores X-Forwarded-For unless proxies are trusted", () => {
    expect(clientIpFrom("6.6.6.6", "10.0.0.1", 0)).toBe("10.0.0.1");
    expect(clientIpFrom(undefined, undefined, 0)).toBeUndefined();
  });

  it("takes the entry our outermost trusted proxy appended, not what the visitor wrote", () => {
    // The visitor forged 6.6.6.6; our one proxy appended the address it saw.
    expect(clientIpFrom("6.6.6.6, 203.0.113.7", "10.0.0.1", 1)).toBe("203.0.113.7");
    // CDN and load balancer: the CDN saw the visitor.
    expect(clientIpFrom("6.6.6.6, 203.0.113.7, 198.51.100.2", "10.0.0.1", 2)).toBe("203.0.113.7");
    expect(clientIpFrom(" 203.0.113.7 ", "10.0.0.1", 1)).toBe("203.0.113.7");
  });

  it("falls back to the socket when a trusted proxy sent no header", () => {
    expect(clientIpFrom(undefined, "10.0.0.1", 1)).toBe("10.0.0.1");
    expect(clientIpFrom("203.0.113.7", "10.0.0.1", 3)).toBe("203.0.113.7");
  });
});
