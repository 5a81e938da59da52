import { describe, expect, it } from "vitest";
import { acceptCardAuthentication, type CardAuthenticationResult } from "./three-ds";

type Row = [description: string, result: CardAuthenticationResult | undefined, force3ds: boolean, accepted: boolean];

const threeDs = (enrollment_status?: string, authentication_status?: string) => ({ enrollment_status, authentication_status });

/** Every row of the decision table in three-ds.ts, with and without forced 3DS. */
const rows: Row[] = [
  ["shift POSSIBLE", { liability_shift: "POSSIBLE", three_d_secure: threeDs("Y", "Y") }, false, true],
  ["shift POSSIBLE, 3DS forced", { liability_shift: "POSSIBLE", three_d_secure: threeDs("Y", "Y") }, true, true],
  ["shift YES", { liability_shift: "YES", three_d_secure: threeDs("Y", "Y") }, false, true],
  ["shift YES, 3DS forced", { liability_shift: "YES" }, true, true],
  ["shift NO, enrollment N (not ready)", { liability_shift: "NO", three_d_secure: threeDs("N") }, false, true],
  ["shift NO, enrollment U (unavailable)", { liability_shift: "NO", three_d_secure: threeDs("U") }, false, true],
  ["shift NO, enrollment B (bypassed)", { liability_shift: "NO", three_d_secure: threeDs("B") }, false, true],
  ["shift NO, enrollment N, 3DS forced", { liability_shift: "NO", three_d_secure: threeDs("N") }, true, false],
  ["shift NO, enrollment U, 3DS forced", { liability_shift: "NO", three_d_secure: threeDs("U") }, true, false],
  ["shift NO, enrollment B, 3DS forced", { liability_shift: "NO", three_d_secure: threeDs("B") }, true, false],
  ["shift NO, enrollment Y (authentication failed)", { liability_shift: "NO", three_d_secure: threeDs("Y", "N") }, false, false],
  ["shift NO, enrollment Y, rejected", { liability_shift: "NO", three_d_secure: threeDs("Y", "R") }, false, false],
  ["shift NO, no enrollment status", { liability_shift: "NO", three_d_secure: threeDs() }, false, false],
  ["shift NO, no 3DS object", { liability_shift: "NO" }, false, false],
  ["shift UNKNOWN", { liability_shift: "UNKNOWN", three_d_secure: threeDs("Y", "U") }, false, false],
  ["shift UNKNOWN, 3DS forced", { liability_shift: "UNKNOWN" }, true, false],
  ["no shift", { three_d_secure: threeDs("B") }, false, false],
  ["empty result", {}, false, false],
  ["no result", undefined, false, false],
  ["no result, 3DS forced", undefined, true, false],
  ["lower-case values are not PayPal's", { liability_shift: "possible" }, false, false],
];

describe("acceptCardAuthentication", () => {
  it.each(rows)("%s", (_description, result, force3ds, accepted) => {
    expect(acceptCardAuthentication(result, { force3ds })).toBe(accepted);
  });
});
