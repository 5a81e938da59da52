import type { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "./env";
import type { AppServices } from "../services";
import { describeIssues, errorResponse } from "./errors";
import { routeNames } from "../../kernel/route-names";

const CountryDataBody = z.object({ countryId: z.uuid({ message: "must be a country id" }) });

/**
 * `frontend.country.country.data` (spec §3, §7): POST `{countryId}` as JSON, answered by whether the
 * country requires a state and its states, for the address forms' country → state rules.
 */
export function registerCountryEndpoints(app: Hono<AppEnv>, { customers }: Pick<AppServices, "customers">) {
  app.post(routeNames["frontend.country.country.data"], async (c) => {
    if (!(c.req.header("content-type") ?? "").includes("application/json")) {
      return errorResponse(c, 415, 'Send the country as JSON, e.g. {"countryId": "…"}, with Content-Type application/json.');
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return errorResponse(c, 400, "The request body is not valid JSON.");
    }
    const parsed = CountryDataBody.safeParse(body);
    if (!parsed.success) return errorResponse(c, 400, describeIssues(parsed.error));
    const data = await customers.countryStates(parsed.data.countryId);
    if (!data) return errorResponse(c, 404, "This country does not exist.");
    return c.json(data);
  });
}
