import { formPageMessages } from "../../kernel/i18n/messages.server";
import { b2bVisitor } from "../b2b.server";
import { QuickOrderView } from "../features/b2b/quick-order/QuickOrderView";
import { MessagesScope } from "../i18n/i18n";
import type { Route } from "./+types/quick-order";

/** `/quick-order`: for business partners and their active employees (every one of them may order, CONTRACT §6). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale } = await b2bVisitor(context, request);
  return { messages: formPageMessages(locale) };
}

export { privateHeaders as headers } from "../private-headers.server";
export { PrivateErrorBoundary as ErrorBoundary, noindexMeta as meta } from "../private-page";

export default function QuickOrder({ loaderData }: Route.ComponentProps) {
  return (
    <MessagesScope messages={loaderData.messages}>
      <QuickOrderView />
    </MessagesScope>
  );
}
