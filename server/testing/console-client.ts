import { expect } from "vitest";
import type { createApp } from "../app";
import { OPERATOR_COOKIE } from "../operator/service";

/**
 * Requests to the operator console as a browser sends them (HTML, same origin for forms), each from a new
 * client address so the login limit never counts a test's own requests against it. `app` is read at
 * each request: test files make theirs in `beforeAll`.
 */
export function consoleClient(app: () => ReturnType<typeof createApp>, base: string, operator: { email: string; password: string }) {
  let counter = 0;
  const request = (target: string, { cookie, form }: { cookie?: string; form?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { Accept: "text/html", "X-Forwarded-For": `198.51.100.${(++counter % 250) + 1}` };
    if (cookie) headers.Cookie = cookie;
    if (!form) return app().request(base + target, { headers, redirect: "manual" });
    return app().request(base + target, {
      method: "POST",
      body: new URLSearchParams(form),
      headers: { ...headers, Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
  };
  /** Logs the operator in: the console's cookie, ready for a `Cookie` header. */
  async function operatorCookie() {
    const response = await request("/admin/login", { form: { email: operator.email, password: operator.password, redirectTo: "/admin" } });
    expect(response.status).toBe(303);
    return `${OPERATOR_COOKIE}=${new RegExp(`${OPERATOR_COOKIE}=([^;]*)`).exec(response.headers.get("set-cookie") ?? "")![1]}`;
  }
  return { request, operatorCookie };
}
