import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { BLACKLIST_KINDS, BLACKLIST_WORD_MAX_LENGTH, type BlacklistKind } from "../../kernel/blacklist";
import { plainText } from "../../server/forms/text";
import { ADMIN_HEADERS, requireOperator } from "../admin.server";
import { AdminNotice, AdminPageHeader } from "../features/admin/AdminShell";
import { AdminTable } from "../features/admin/AdminTable";
import { controlProps, Field } from "../ui/form/Field";
import { useRoutePath } from "../ui/use-route-path";
import type { Route } from "./+types/admin-blacklist";

const KIND_LABELS: Record<BlacklistKind, string> = { name: "Name (first name, last name, company)", address: "Address (street, zip code, city)" };
const KIND_SHORT: Record<BlacklistKind, string> = { name: "Name", address: "Address" };

const AddWord = z.object({
  intent: z.literal("add"),
  word: plainText({ typeMessage: "The form is not complete: reload the page.", message: "The word holds characters that cannot be typed (control characters): remove them." })
    .min(1, "Enter a word: it may not be empty.")
    .max(BLACKLIST_WORD_MAX_LENGTH, `The word is too long: at most ${BLACKLIST_WORD_MAX_LENGTH} characters.`),
  appliesTo: z.enum(BLACKLIST_KINDS, { message: "Choose what the word applies to: name or address." }),
});
const RemoveWord = z.object({ intent: z.literal("remove"), wordId: z.uuid("The form is not complete: reload the page.") });
const Change = z.discriminatedUnion("intent", [AddWord, RemoveWord], { message: "The form is not complete: reload the page." });

/** `/admin/blacklist`: words shoppers may not use in name or address fields (CONTRACT §9 **Word**, **Applies to**, **Add word**, **Remove**). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await requireOperator(context, request, "page");
  const words = (await services.blacklist.list()).map(({ id, word, appliesTo }) => ({ id, word, appliesTo }));
  return data({ words }, { headers: ADMIN_HEADERS });
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services, operator } = await requireOperator(context, request, "action");
  const form = await request.formData().catch(() => null);
  const field = (name: string) => {
    const value = form?.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const parsed = Change.safeParse({ intent: field("intent"), word: field("word"), appliesTo: field("appliesTo"), wordId: field("wordId") });
  // A refused add keeps what was typed in the form, with the sentence under the Word field.
  const typed = { word: field("word") ?? "", appliesTo: field("appliesTo") === "address" ? "address" : "name", onForm: field("intent") !== "remove" };
  if (!parsed.success) return data({ refused: parsed.error.issues[0]!.message, ...typed }, { status: 400, headers: ADMIN_HEADERS });
  const change = parsed.data;
  if (change.intent === "add") {
    const added = await services.blacklist.add(change.word, change.appliesTo);
    if (!added.ok) {
      return data(
        { refused: `"${change.word}" is already on the ${change.appliesTo} blacklist (the case of the letters does not matter).`, ...typed },
        { status: 409, headers: ADMIN_HEADERS },
      );
    }
    await services.operators.audit(operator, "blacklist.add", added.entry.id, { word: added.entry.word, appliesTo: added.entry.appliesTo });
    return data({ done: `"${added.entry.word}" is blocked in ${change.appliesTo} fields from now on.` }, { headers: ADMIN_HEADERS });
  }
  const removed = await services.blacklist.remove(change.wordId);
  if (!removed) return data({ refused: "This word is not on the blacklist (any more).", ...typed }, { status: 404, headers: ADMIN_HEADERS });
  await services.operators.audit(operator, "blacklist.remove", removed.id, { word: removed.word, appliesTo: removed.appliesTo });
  return data({ done: `"${removed.word}" is allowed in ${removed.appliesTo} fields again.` }, { headers: ADMIN_HEADERS });
}

export { adminHeaders as headers } from "../admin.server";

export default function AdminBlacklist({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const path = useRoutePath();
  const refused = actionData && "refused" in actionData ? actionData : undefined;
  const typed = refused?.onForm ? refused : undefined;
  return (
    <>
      <title>Blacklist | Operator console</title>
      <AdminPageHeader
        title="Blacklist"
        lead="Words shoppers may not use when they register or save an address. A field is refused when it contains a word anywhere in it, whatever the case of the letters."
      />
      {actionData && "done" in actionData && <AdminNotice kind="done">{actionData.done}</AdminNotice>}
      {refused && <AdminNotice kind="refused">{refused.refused}</AdminNotice>}
      <AdminTable
        caption={`Blocked words (${loaderData.words.length})`}
        rows={loaderData.words}
        rowKey={(entry) => entry.id}
        empty="No word is blocked: shoppers may type anything into name and address fields."
        columns={[
          { header: "Word", cell: (entry) => entry.word },
          { header: "Applies to", cell: (entry) => KIND_SHORT[entry.appliesTo] },
          {
            header: "Action",
            cell: (entry) => (
              <Form method="post" action={path("admin.blacklist.page")} className="admin__actions">
                <input type="hidden" name="wordId" value={entry.id} />
                <button type="submit" name="intent" value="remove" className="button button--secondary admin__small-button" disabled={busy}>
                  Remove<span className="visually-hidden"> “{entry.word}” ({KIND_SHORT[entry.appliesTo].toLowerCase()})</span>
                </button>
              </Form>
            ),
          },
        ]}
      />
      <Form method="post" action={path("admin.blacklist.page")} className="admin__section">
        <h2>Add a word</h2>
        <input type="hidden" name="intent" value="add" />
        <Field id="admin-blacklist-word" label="Word" required error={typed?.refused} hint={`1 to ${BLACKLIST_WORD_MAX_LENGTH} characters; spaces at the ends are dropped.`}>
          <input
            {...controlProps("admin-blacklist-word", "word", typed?.refused, true)}
            type="text"
            required
            maxLength={BLACKLIST_WORD_MAX_LENGTH}
            autoComplete="off"
            key={typed ? `refused:${typed.word}` : `added:${loaderData.words.length}`}
            defaultValue={typed?.word ?? ""}
          />
        </Field>
        <Field id="admin-blacklist-applies-to" label="Applies to">
          <select id="admin-blacklist-applies-to" name="appliesTo" defaultValue={typed?.appliesTo ?? "name"} key={typed ? `refused:${typed.appliesTo}` : "fresh"}>
            {BLACKLIST_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </Field>
        <div className="admin__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            Add word
          </button>
        </div>
      </Form>
    </>
  );
}
