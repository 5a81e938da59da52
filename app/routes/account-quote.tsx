import { data, redirect } from "react-router";
import { z } from "zod";
import { buildPath, routeNames } from "../../kernel/route-names";
import type { Permission } from "../../kernel/b2b-permissions";
import { allows } from "../../server/b2b/api";
import { changesSchema } from "../../server/b2b/quotes/schemas";
import type { QuoteRefusal } from "../../server/b2b/quotes/types";
import type { FieldErrors } from "../../server/customer/types";
import { abilities, b2bForbidden, b2bVisitor } from "../b2b.server";
import { checkoutError } from "../checkout.server";
import { quoteAbilities, quoteReadScope } from "../features/b2b/quotes/quote-access";
import { quoteNoticeFromQuery, quoteNoticeQuery, type QuoteNotice } from "../features/b2b/quotes/quote-format";
import { QuoteDetailView } from "../features/b2b/quotes/QuoteDetailView";
import { acceptQuoteToCheckout } from "../quote-checkout.server";
import type { Route } from "./+types/account-quote";

/** The comment's limit as the server checks it, for the field's `maxLength`. */
const COMMENT_MAX = changesSchema.shape.comment.maxLength!;

const QuoteId = z.uuid();
const unknownQuote = () => checkoutError(404, "This quote does not exist in your company.");

/** The id from the path; a malformed one is a quote that is not there. */
function quoteIdOf(params: { quoteId: string }): string {
  const parsed = QuoteId.safeParse(params.quoteId);
  if (!parsed.success) throw unknownQuote();
  return parsed.data;
}

/** `/account/quotes/{quoteId}`: one quote of the company (of the employee, without `quote.read.all`). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, actor } = await b2bVisitor(context, request);
  const may = abilities(actor);
  const scope = quoteReadScope(may, actor.employee?.id ?? null);
  if (!scope) throw b2bForbidden();
  const quote = await services.quotes.detail(actor.partnerId, quoteIdOf(params), scope);
  if (!quote) throw unknownQuote();
  return { quote, can: quoteAbilities(may), notice: quoteNoticeFromQuery(new URL(request.url).searchParams), commentMax: COMMENT_MAX };
}

/** The page's posts; each names its intent, which decides the permission it needs. */
const QuoteAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept") }),
  z.object({ intent: z.literal("decline") }),
  z.object({ intent: z.literal("request-changes"), comment: z.string() }),
]);

const PERMISSIONS: Record<z.infer<typeof QuoteAction>["intent"], Permission> = {
  accept: "quote.accept",
  decline: "quote.decline",
  "request-changes": "quote.request_change",
};

/**
 * A refusal in words on the page (the view translates the reason), with a refused comment's errors to
 * show at its field; a missing permission is the 403 page.
 */
function refused(reason: QuoteRefusal, status: 400 | 409 = 400, changes: { errors: FieldErrors; comment: string } | null = null) {
  if (reason === "forbidden") throw b2bForbidden();
  return data({ refusal: reason, changes }, { status });
}

/** Back to the quote with the change confirmed (post → redirect → get). */
const confirmed = (quoteId: string, notice: QuoteNotice) => redirect(buildPath(routeNames["frontend.account.quote.page"], { quoteId }, quoteNoticeQuery(notice)), 303);

export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  // Who may ask is checked before what was asked is judged: a stranger learns nothing about the form.
  const { services, actor } = await b2bVisitor(context, request);
  const parsed = QuoteAction.safeParse(form ? Object.fromEntries(form) : null);
  if (!parsed.success) throw checkoutError(400, "This form is not complete. Please reload the page and try again.");
  const post = parsed.data;
  if (!allows(actor, PERMISSIONS[post.intent])) throw b2bForbidden();
  const quoteId = quoteIdOf(params);
  switch (post.intent) {
    case "accept": {
      const result = await acceptQuoteToCheckout(context, request, actor, quoteId);
      if (result instanceof Response) return result;
      if (!result) throw unknownQuote();
      // The quote's state or validity says no: a conflict with what the page showed, not a bad request.
      return refused(result.reason, result.reason === "expired" || result.reason === "not-allowed-in-state" ? 409 : 400);
    }
    case "decline": {
      const result = await services.quotes.decline(actor, quoteId);
      if (!result) throw unknownQuote();
      return result.ok ? confirmed(quoteId, "declined") : refused(result.reason);
    }
    case "request-changes": {
      const result = await services.quotes.requestChanges(actor, quoteId, post.comment);
      if (!result) throw unknownQuote();
      if (result.ok) return confirmed(quoteId, "changes-requested");
      if (result.reason === "invalid" || result.reason === "comment-required") {
        return refused(result.reason, 400, { errors: result.errors ?? { comment: "required" }, comment: post.comment });
      }
      return refused(result.reason);
    }
  }
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function AccountQuote({ loaderData, actionData }: Route.ComponentProps) {
  return <QuoteDetailView {...loaderData} refusal={actionData?.refusal} changes={actionData?.changes ?? undefined} />;
}
