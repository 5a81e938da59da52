import { Form } from "react-router";

/**
 * A row's **Approve** / **Reject** (CONTRACT §9): one form posting `intent` and the row's id under
 * `field`, both buttons disabled while a decision is on its way.
 */
export function AdminDecision({ action, field, id, busy }: { action: string; field: string; id: string; busy: boolean }) {
  return (
    <Form method="post" action={action} className="admin__actions">
      <input type="hidden" name={field} value={id} />
      <button type="submit" name="intent" value="approve" className="button button--primary admin__small-button" disabled={busy}>
        Approve
      </button>
      <button type="submit" name="intent" value="reject" className="button button--secondary admin__small-button" disabled={busy}>
        Reject
      </button>
    </Form>
  );
}
