import { data, redirect } from "react-router";
import { z } from "zod";
import { buildPath, routeNames } from "../../kernel/route-names";
import { allows } from "../../server/b2b/api";
import { abilities, b2bForbidden, b2bVisitor } from "../b2b.server";
import { checkoutError, visitorTokens } from "../checkout.server";
import { quoteReadScope } from "../features/b2b/quotes/quote-access";
import { quoteNoticeQuery } from "../features/b2b/quotes/quote-format";
import { QuotesView } from "../features/b2b/quotes/QuotesView";
import type { Route } from "./+types/account-quotes";

/** `/account/quotes?p=`: the company's quotes (an employee without `quote.read.all`: their own), newest first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, actor } = await b2bVisitor(context, request);
  const scope = quoteReadScope(abilities(actor), actor.employee?.id ?? null);
  if (!scope) throw b2bForbidden();
  const requested = Number(new URL(request.url).searchParams.get("p") ?? "1");
  return { page: await services.quotes.list(actor.partnerId, { ...scope, page: Number.isSafeInteger(requested) ? requested : 1 }) };
}

/** The page's one post: Request quote from the cart page. */
const QuotesAction = z.object({ intent: z.literal("request") });

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  // Who may ask is checked before what was asked is judged: a stranger learns nothing about the form.
  const { services, actor } = await b2bVisitor(context, request);
  if (!form || !QuotesAction.safeParse(Object.fromEntries(form)).success) {
    throw checkoutError(400, "This form is not complete. Please reload the page and try again.");
  }
  if (!allows(actor, "quote.request")) throw b2bForbidden();
  const result = await services.quotes.requestFromCart(actor, visitorTokens(request).cartToken);
  if (result.ok) {
    return redirect(buildPath(routeNames["frontend.account.quote.page"], { quoteId: result.value.id }, quoteNoticeQuery("requested")), 303);
  }
  if (result.reason === "forbidden") throw b2bForbidden();
  return data({ refusal: result.reason }, { status: 400 });
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function AccountQuotes({ loaderData, actionData }: Route.ComponentProps) {
  return <QuotesView page={loaderData.page} refusal={actionData?.refusal} />;
}
