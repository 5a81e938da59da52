import { z } from "zod";
import { buildPath, routeNames } from "../../kernel/route-names";
import { safeRedirectPath } from "../../kernel/safe-redirect";
import { plainText } from "../forms/text";

/*
 * Where a submitted form goes next (spec §3 "redirect parameters"): a form may carry `redirectTo` or
 * `forwardTo`, and `redirectParameters[<name>]` fields.
 *
 * - The target is either a route name of our table (`frontend.account.order.page`; its `{param}`s are
 *   filled from the redirect parameters of the same name) or a path of this shop (`/account/order?x=1`).
 *   Anything else (another host, `//host`, `/\host`, `javascript:`, encoded tricks, …) is refused, and
 *   the caller's default applies, as if the form had carried no target.
 * - `redirectTo` wins over `forwardTo`; we do not forward inside the server, so `forwardTo` is a
 *   redirect target too.
 * - The remaining redirect parameters become the target's query (they replace keys of the same name).
 */

const PARAMETER_FIELD = /^redirectParameters\[([^\]]{1,100})\]$/;
const MAX_PARAMETERS = 30;

const redirectFields = z.object({
  redirectTo: plainText().max(2048).optional(),
  forwardTo: plainText().max(2048).optional(),
  parameters: z.array(z.tuple([plainText(), plainText({ trim: false }).max(2048)])).max(MAX_PARAMETERS),
});

type FormFields = FormData | URLSearchParams | Record<string, unknown>;

function entriesOf(form: FormFields): [string, unknown][] {
  if (form instanceof FormData || form instanceof URLSearchParams) return Array.from(form.entries());
  return Object.entries(form);
}

const isRouteName = (value: string): value is keyof typeof routeNames => Object.hasOwn(routeNames, value);

/** The form's redirect target as a path of this shop, or null when it carries none or a refused one. */
export function formRedirectTarget(form: FormFields): string | null {
  const entries = entriesOf(form);
  const text = (name: string) => {
    const value = entries.find(([key]) => key === name)?.[1];
    return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
  };
  const parsed = redirectFields.safeParse({
    redirectTo: text("redirectTo"),
    forwardTo: text("forwardTo"),
    parameters: entries.flatMap(([key, value]) => {
      const name = PARAMETER_FIELD.exec(key)?.[1];
      return name !== undefined && typeof value === "string" ? [[name, value]] : [];
    }),
  });
  if (!parsed.success) return null;
  const target = parsed.data.redirectTo ?? parsed.data.forwardTo;
  if (!target) return null;
  const parameters = new Map(parsed.data.parameters);

  let path: string;
  if (isRouteName(target)) {
    const template: string = routeNames[target];
    const params: Record<string, string> = {};
    for (const [, name] of template.matchAll(/\{(\w+)\}/g)) {
      const value = parameters.get(name!);
      if (!value) return null;
      params[name!] = value;
      parameters.delete(name!);
    }
    path = buildPath(template, params);
  } else {
    const safe = safeRedirectPath(target, "");
    if (!safe) return null;
    path = safe;
  }
  if (parameters.size === 0) return path;
  const url = new URL(path, "http://shop.invalid");
  for (const [name, value] of parameters) url.searchParams.set(name, value);
  return safeRedirectPath(url.pathname + url.search + url.hash, "") || null;
}
