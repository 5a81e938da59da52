import { data, redirect } from "react-router";
import { ADMIN_HEADERS, consoleError, requireOperator } from "../admin.server";
import { basisPointsFromPercent } from "../../server/b2b/quotes/pricing";
import { buildPath, routeNames } from "../../kernel/route-names";
import { QuoteDetailView } from "../features/admin/quotes/QuoteDetailView";
import {
  discountField,
  quoteRefusalMessage,
  readReplyForm,
  REPLY_COMMENT_MAX,
  REPLY_MESSAGES,
  replyErrorsFromService,
  utcDay,
  validUntilRefusal,
  type QuoteActionResult,
  type ReplyErrors,
} from "../features/admin/quotes/quote-admin";
import type { Route } from "./+types/admin-quote";

const NOT_FOUND = "This quote does not exist.";

/**
 * `/admin/quotes/{quoteId}`: one quote of any company. Opening it changes nothing: **Start review** marks an
 * open or changes-requested quote as in review (a GET that changed state would do it for every prefetch and
 * reload too); **Send quote** answers it, which the state machine also allows without a review first.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = await requireOperator(context, request, "page");
  const quote = await services.quotes.detailForShop(params.quoteId);
  if (!quote) throw consoleError(404, NOT_FOUND);
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  return data({ quote, today: utcDay(new Date()), sent }, { headers: ADMIN_HEADERS });
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { services, operator } = await requireOperator(context, request, "action");
  const quote = await services.quotes.detailForShop(params.quoteId);
  if (!quote) throw consoleError(404, NOT_FOUND);
  const answer = (result: QuoteActionResult, status = 200) => data<QuoteActionResult>(result, { status, headers: ADMIN_HEADERS });
  const form = await request.formData().catch(() => null);

  if (form?.get("intent") === "review") {
    const result = await services.quotes.markInReview(quote.id);
    if (!result) throw consoleError(404, NOT_FOUND);
    if (!result.ok) return answer({ refused: quoteRefusalMessage(result.reason) }, 409);
    await services.operators.audit(operator, "quote.review", quote.numberLabel);
    return answer({ done: "The quote is in review: the customer sees that it is being worked on." });
  }

  const values = readReplyForm(form, quote.lines.map((line) => line.id));
  const errors: ReplyErrors = {};
  const discounts: Record<string, number> = {};
  for (const [lineId, percent] of Object.entries(values.percents)) {
    const basisPoints = basisPointsFromPercent(percent);
    if (basisPoints === null) errors[discountField(lineId)] = REPLY_MESSAGES.discount;
    else discounts[lineId] = basisPoints;
  }
  // The server checks the date and the comment too; checked here as well, every message shows at once.
  if (!values.validUntil) errors.validUntil = REPLY_MESSAGES.validUntilRequired;
  else if (/^\d{4}-\d{2}-\d{2}$/.test(values.validUntil) && values.validUntil < utcDay(new Date())) errors.validUntil = REPLY_MESSAGES.validUntilPast;
  if (values.comment.length > REPLY_COMMENT_MAX) errors.comment = REPLY_MESSAGES.commentTooLong;
  if (Object.keys(errors).length > 0) return answer({ errors, values }, 400);

  const result = await services.quotes.reply(quote.id, { discounts, validUntil: values.validUntil, comment: values.comment });
  if (!result) throw consoleError(404, NOT_FOUND);
  if (!result.ok) {
    if (result.reason === "invalid") return answer({ errors: replyErrorsFromService(result.errors), values }, 400);
    const dateMessage = validUntilRefusal(result.reason);
    if (dateMessage) return answer({ errors: { validUntil: dateMessage }, values }, 400);
    return answer({ refused: quoteRefusalMessage(result.reason) }, 409);
  }
  await services.operators.audit(operator, "quote.reply", quote.numberLabel, { validUntil: values.validUntil, lines: quote.lines.length, comment: values.comment.trim() !== "" });
  // Post, redirect, get: a reload does not send the quote again.
  throw redirect(buildPath(routeNames["admin.quote.page"], { quoteId: quote.id }, { sent: "1" }), { status: 303, headers: ADMIN_HEADERS });
}

export { adminHeaders as headers } from "../admin.server";

export default function AdminQuote({ loaderData, actionData }: Route.ComponentProps) {
  return <QuoteDetailView {...loaderData} result={actionData} />;
}
