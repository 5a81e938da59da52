import { describe, expect, it } from "vitest";
import { pollingStep } from "./pui-polling";

describe("pollingStep", () => {
  it("waits on 417, fails on any other error status and succeeds otherwise", () => {
    expect(pollingStep(417)).toBe("again");
    expect(pollingStep(404)).toBe("error");
    expect(pollingStep(409)).toBe("error");
    expect(pollingStep(502)).toBe("error");
    expect(pollingStep(400)).toBe("error");
    expect(pollingStep(200)).toBe("success");
    expect(pollingStep(204)).toBe("success");
  });
});
