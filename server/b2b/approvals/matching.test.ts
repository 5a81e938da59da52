import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pendingOrderNumberLabel } from "../../../kernel/b2b-approvals";
import { matchingRule, parseAmount, ruleApplies, type RuleCandidate } from "./matching";

const BUYER = "role-buyer";
const OTHER = "role-other";
const rule = (over: Partial<RuleCandidate> & { id: string }): RuleCandidate => ({
  appliesToRoleId: BUYER,
  totalAboveGross: 50_000,
  currency: "EUR",
  priority: 0,
  createdAt: new Date("2026-01-01T00:00:00Z"),
  ...over,
});

describe("ruleApplies", () => {
  const above500 = rule({ id: "r1" });
  it("applies to the rule's role above (not at) its amount, in its currency", () => {
    expect(ruleApplies(above500, { roleId: BUYER, currency: "EUR", grossTotal: 50_001 })).toBe(true);
    expect(ruleApplies(above500, { roleId: BUYER, currency: "EUR", grossTotal: 50_000 })).toBe(false);
    expect(ruleApplies(above500, { roleId: BUYER, currency: "USD", grossTotal: 90_000 })).toBe(false);
    expect(ruleApplies(above500, { roleId: OTHER, currency: "EUR", grossTotal: 90_000 })).toBe(false);
  });
  it("never applies to the partner (no role) nor through a deleted role", () => {
    expect(ruleApplies(above500, { roleId: null, currency: "EUR", grossTotal: 90_000 })).toBe(false);
    expect(ruleApplies(rule({ id: "r2", appliesToRoleId: null }), { roleId: null, currency: "EUR", grossTotal: 90_000 })).toBe(false);
  });
});

describe("matchingRule", () => {
  const order = { roleId: BUYER, currency: "EUR", grossTotal: 100_000 };
  it("is null when no rule applies", () => {
    expect(matchingRule([rule({ id: "a", totalAboveGross: 200_000 }), rule({ id: "b", appliesToRoleId: OTHER })], order)).toBeNull();
  });
  it("takes the highest priority among the rules that apply", () => {
    const rules = [rule({ id: "low", priority: 1 }), rule({ id: "high", priority: 5 }), rule({ id: "higher-but-not-applying", priority: 9, totalAboveGross: 500_000 })];
    expect(matchingRule(rules, order)?.id).toBe("high");
  });
  it("breaks a tie by age, then by id, whatever order the rules come in", () => {
    const older = rule({ id: "z", createdAt: new Date("2025-06-01T00:00:00Z") });
    const newer = rule({ id: "a", createdAt: new Date("2026-06-01T00:00:00Z") });
    expect(matchingRule([newer, older], order)?.id).toBe("z");
    expect(matchingRule([rule({ id: "b" }), rule({ id: "a" })], order)?.id).toBe("a");
  });
  it("picks a rule that applies and that no other applying rule outranks (property)", () => {
    const candidate = fc.record({
      id: fc.uuid(),
      appliesToRoleId: fc.constantFrom(BUYER, OTHER, null),
      totalAboveGross: fc.integer({ min: 0, max: 200_000 }),
      currency: fc.constantFrom("EUR", "USD"),
      priority: fc.integer({ min: 0, max: 3 }),
      createdAt: fc.integer({ min: 0, max: 3 }).map((day) => new Date(Date.UTC(2026, 0, 1 + day))),
    });
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 8 }), fc.integer({ min: 0, max: 200_000 }), (rules, grossTotal) => {
        const facts = { roleId: BUYER, currency: "EUR", grossTotal };
        const applying = rules.filter((r) => ruleApplies(r, facts));
        const chosen = matchingRule(rules, facts);
        if (applying.length === 0) return chosen === null;
        const top = Math.max(...applying.map((r) => r.priority));
        return chosen !== null && applying.includes(chosen) && chosen.priority === top && matchingRule([...rules].reverse(), facts)?.id === chosen.id;
      }),
    );
  });
});

describe("parseAmount", () => {
  it.each([
    ["500", 50_000],
    ["500.5", 50_050],
    ["500,50", 50_050],
    ["1,250.50", 125_050],
    ["1.250,50", 125_050],
    ["1 250", 125_000],
    ["1.250", 125_000],
    ["0", 0],
    [" 42 ", 4_200],
  ])("%s → %i minor units", (input, expected) => expect(parseAmount(input)).toBe(expected));
  it.each(["", "abc", "-5", "5.1234", "5.123,456", "1,2,3", "12.34.56", "1e5", "€500"])("refuses %j", (input) => expect(parseAmount(input)).toBeNull());
});

it("labels pending order numbers A-…", () => expect(pendingOrderNumberLabel(30001)).toBe("A-30001"));
