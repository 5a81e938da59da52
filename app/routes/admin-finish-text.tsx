import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { FINISH_TEXT_MAX_LENGTH, normaliseFinishText } from "../../kernel/finish-text";
import { plainText } from "../../server/forms/text";
import { ADMIN_HEADERS, requireOperator } from "../admin.server";
import { AdminNotice, AdminPageHeader } from "../features/admin/AdminShell";
import { controlProps, Field } from "../ui/form/Field";
import { useRoutePath } from "../ui/use-route-path";
import type { Route } from "./+types/admin-finish-text";

const TextForm = z.object({
  text: plainText({ multiline: true, typeMessage: "The form is not complete: reload the page.", message: "The text holds characters that cannot be typed (control characters): remove them." })
    .transform(normaliseFinishText)
    .pipe(z.string().max(FINISH_TEXT_MAX_LENGTH, `The text is too long: at most ${FINISH_TEXT_MAX_LENGTH} characters.`)),
});

/** `/admin/finish-text`: the thank-you text of the finish page (CONTRACT §9 **Text**, **Save**). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await requireOperator(context, request, "page");
  return data({ text: await services.settings.get("orderFinish.text") }, { headers: ADMIN_HEADERS });
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services, operator } = await requireOperator(context, request, "action");
  const form = await request.formData().catch(() => null);
  const raw = form?.get("text");
  const parsed = TextForm.safeParse({ text: typeof raw === "string" ? raw : undefined });
  if (!parsed.success) {
    return data({ refused: parsed.error.issues[0]!.message, text: typeof raw === "string" ? raw : "" }, { status: 400, headers: ADMIN_HEADERS });
  }
  await services.settings.set("orderFinish.text", parsed.data.text);
  await services.operators.audit(operator, "finish-text.save");
  return data({ done: parsed.data.text ? "The text is saved: the finish page shows it from now on." : "The text is empty: the finish page shows no message." }, { headers: ADMIN_HEADERS });
}

export { adminHeaders as headers } from "../admin.server";

export default function AdminFinishText({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const path = useRoutePath();
  const refused = actionData && "refused" in actionData ? actionData : undefined;
  return (
    <>
      <title>Finish text | Operator console</title>
      <AdminPageHeader
        title="Finish text"
        lead="The shop's message on the page shoppers see after placing an order. Plain text: a blank line starts a new paragraph. {firstName} and {orderNumber} are filled in for each order."
      />
      {actionData && "done" in actionData && <AdminNotice kind="done">{actionData.done}</AdminNotice>}
      {refused && <AdminNotice kind="refused">{refused.refused}</AdminNotice>}
      <Form method="post" action={path("admin.finish-text.page")} className="admin__section">
        <Field id="admin-finish-text" label="Text" error={refused?.refused} hint={`At most ${FINISH_TEXT_MAX_LENGTH} characters. Leave it empty to show no message.`}>
          <textarea
            {...controlProps("admin-finish-text", "text", refused?.refused, true)}
            rows={8}
            maxLength={FINISH_TEXT_MAX_LENGTH}
            // A new value after each save: the field shows what is stored (normalised), or what was refused.
            key={refused ? `refused:${refused.text}` : loaderData.text}
            defaultValue={refused ? refused.text : loaderData.text}
          />
        </Field>
        <div className="admin__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            Save
          </button>
        </div>
      </Form>
    </>
  );
}
