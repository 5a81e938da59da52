import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "./env";
import type { CustomerService } from "../customer/service";
import { registerCountryEndpoints } from "./country";

const US = "6f1c1c5e-3c0e-4c59-9d7e-6a1f4bfe0001";
const customers = {
  countryStates: async (id: string) =>
    id === US ? { stateRequired: true, states: [{ id: "6f1c1c5e-3c0e-4c59-9d7e-6a1f4bfe0002", translated: { name: "Alabama" } }] } : null,
} as Pick<CustomerService, "countryStates"> as CustomerService;

const app = new Hono<AppEnv>();
registerCountryEndpoints(app, { customers });

const post = (body: string, contentType = "application/json") =>
  app.request("/country/country-state-data", {
    method: "POST",
    body,
    headers: { "Content-Type": contentType, "X-Requested-With": "XMLHttpRequest" },
  });

describe("country data (frontend.country.country.data)", () => {
  it("answers stateRequired and the states of a country", async () => {
    const response = await post(JSON.stringify({ countryId: US }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ stateRequired: true, states: [{ id: expect.any(String), translated: { name: "Alabama" } }] });
  });

  it.each([
    ["no JSON body type", "countryId=x", "application/x-www-form-urlencoded", 415, /as JSON/],
    ["broken JSON", "{countryId", "application/json", 400, /not valid JSON/],
    ["a missing id", "{}", "application/json", 400, /countryId/],
    ["a malformed id", JSON.stringify({ countryId: "germany" }), "application/json", 400, /countryId: must be a country id/],
    ["an unknown country", JSON.stringify({ countryId: "6f1c1c5e-3c0e-4c59-9d7e-6a1f4bfe0009" }), "application/json", 404, /does not exist/],
  ])("answers %s with a readable client error", async (_what, body, type, status, message) => {
    const response = await post(body, type);
    expect(response.status).toBe(status);
    const json = (await response.json()) as { errors: { message: string }[] };
    expect(json.errors[0]!.message).toMatch(message);
  });
});
