import { describe, expect, it } from "vitest";
import { amountInputValue, ruleFormValues } from "./rule-form";

describe("amountInputValue", () => {
  it("shows whole amounts without decimals and others with two, in the language's decimal sign, never grouped", () => {
    expect(amountInputValue(50000, "en")).toBe("500");
    expect(amountInputValue(125050, "en")).toBe("1250.50");
    expect(amountInputValue(125050, "de")).toBe("1250,50");
    expect(amountInputValue(5, "de")).toBe("0,05");
    expect(amountInputValue(0, "en")).toBe("0");
  });
});

describe("ruleFormValues", () => {
  it("puts a rule into the form, leaving a deleted role unchosen", () => {
    const rule = {
      id: "7d1f3c2a-0b4e-4c5d-9e6f-1a2b3c4d5e6f",
      name: "Big orders",
      appliesToRoleId: null,
      appliesToRoleName: null,
      totalAboveGross: 99999,
      currency: "EUR",
      reviewerRoleId: "r-approver",
      reviewerRoleName: "Approver",
      priority: 7,
    };
    expect(ruleFormValues(rule, "en")).toEqual({
      ruleId: rule.id,
      name: "Big orders",
      appliesToRoleId: "",
      totalAbove: "999.99",
      reviewerRoleId: "r-approver",
      priority: "7",
    });
  });
});
