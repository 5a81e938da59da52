import { useEffect, useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import type { AddressView, CountryOption, FieldErrors } from "../../../server/customer/types";
import type { AddressEditorData } from "../../../server/http/account-widgets";
import { useI18n } from "../../i18n/i18n";
import { addressValues } from "../../lib/address-values";
import { http } from "../../lib/http";
import { routeUrl } from "../../lib/routes";
import { AddressBlock } from "../../ui/AddressBlock";
import { useFieldErrors } from "../../ui/form/form-validation";
import { Modal } from "../../ui/Modal";
import { useHydrated } from "../../ui/use-hydrated";
import { useRoutePath } from "../../ui/use-route-path";
import type { AddressFieldLimits } from "../../ui/form/AddressFields";
import { AddressBookFields } from "./AddressBookFields";
import { useBlacklistCheck } from "../../ui/blacklist/use-blacklist-check";
import "./Address.css";

export interface ChangeableAddresses {
  changeShipping: boolean;
  changeBilling: boolean;
}

interface ChangeAddressButtonProps {
  /** Which defaults the editor changes; at least one must be true (spec §5). */
  change: ChangeableAddresses;
  /** The address in use now. */
  addressId: string | null;
  countries: CountryOption[];
  limits: AddressFieldLimits;
  /**
   * The blacklist check (issue 26) wires the dialog's address form this long after the button is
   * pressed: the confirm page's BLACKLIST_CONFIRM_WIRE_DELAY_MS (spec §9); elsewhere at once.
   */
  blacklistDelayMs?: number;
}

type EditorState =
  | { kind: "closed" }
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  | { kind: "list"; data: AddressEditorData }
  /** The address form: a new address, or an edit of `editingId`. */
  | { kind: "form"; data: AddressEditorData; errors: FieldErrors | undefined; values: Record<string, string>; editingId?: string };


/** The server's sentence of an error answer, or the generic one. */
async function errorMessage(response: Response, fallback: string) {
  const body = (await response.json().catch(() => null)) as { errors?: { message?: string }[] } | null;
  return body?.errors?.[0]?.message ?? fallback;
}

/**
 * "Change shipping/billing address" (reference §10.1): opens the address editor modal after posting
 * `{id, changeableAddresses}` to `frontend.account.addressbook`. Choosing an address (or saving a new
 * one) makes it the default for what is changed, closes the modal and reloads the page's data. Without
 * JavaScript it is a link to the address book.
 */
export function ChangeAddressButton({ change, addressId, countries, limits, blacklistDelayMs = 0 }: ChangeAddressButtonProps) {
  const { t } = useI18n();
  const label = !change.changeBilling
    ? t("address.editor.changeShipping")
    : !change.changeShipping
      ? t("address.editor.changeBilling")
      : t("address.editor.titleBoth");
  const hydrated = useHydrated();
  const path = useRoutePath();
  const revalidator = useRevalidator();
  const [state, setState] = useState<EditorState>({ kind: "closed" });
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);
  /** When the dialog's address form may be wired for the blacklist check (ms since the epoch). */
  const blacklistWireAt = useRef(0);

  /** Posts to the address editor; an earlier pending call is aborted (reference §1.3). */
  async function post(body: Record<string, unknown>): Promise<Response | null> {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    try {
      return await http(routeUrl("frontend.account.addressbook"), { method: "POST", body: { changeableAddresses: change, ...body }, signal: controller.signal });
    } catch {
      return controller.signal.aborted ? null : new Response(null, { status: 503 });
    }
  }

  async function open() {
    setState({ kind: "loading" });
    const response = await post({ id: addressId });
    if (!response) return;
    if (!response.ok) return setState({ kind: "failed", message: await errorMessage(response, t("address.editor.failed")) });
    setState({ kind: "list", data: (await response.json()) as AddressEditorData });
  }

  function done() {
    setState({ kind: "closed" });
    void revalidator.revalidate();
  }

  async function choose(id: string) {
    const response = await post({ id: addressId, selectAddress: { id } });
    if (!response) return;
    if (!response.ok) return setState({ kind: "failed", message: await errorMessage(response, t("address.editor.failed")) });
    done();
  }

  async function save(event: FormEvent<HTMLFormElement>, data: AddressEditorData, editingId: string | undefined) {
    event.preventDefault();
    const fields = Object.fromEntries([...new FormData(event.currentTarget)].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    const response = await post({ address: editingId ? { ...fields, id: editingId } : fields });
    if (!response) return;
    if (response.status === 400) {
      const body = (await response.json().catch(() => null)) as { fieldErrors?: FieldErrors } | null;
      if (body?.fieldErrors) return setState({ kind: "form", data, errors: body.fieldErrors, values: fields, editingId });
    }
    if (!response.ok) return setState({ kind: "failed", message: await errorMessage(response, t("address.editor.failed")) });
    done();
  }

  if (!hydrated) {
    return (
      <a href={path("frontend.account.address.page")} className="button button--secondary button--small address-change">
        {label}
      </a>
    );
  }

  return (
    <>
      <button type="button" className="button button--secondary button--small address-change" onClick={() => {
          blacklistWireAt.current = Date.now() + blacklistDelayMs;
          void open();
        }} aria-busy={state.kind === "loading"}>
        {label}
      </button>
      <Modal
        open={state.kind !== "closed"}
        onOpenChange={(isOpen) => {
          if (isOpen) return;
          pending.current?.abort();
          setState({ kind: "closed" });
        }}
        title={label}
        size="large"
        className="address-editor-modal"
      >
        {state.kind === "loading" && <p role="status">{t("address.editor.loading")}</p>}
        {state.kind === "failed" && (
          <p className="address-editor__error" role="alert">
            {state.message}
          </p>
        )}
        {state.kind === "list" && (
          <AddressChoice
            data={state.data}
            onChoose={(id) => void choose(id)}
            // The VAT id belongs to the customer: start from theirs, so saving an address never clears it.
            onNew={() => setState({ kind: "form", data: state.data, errors: undefined, values: addressValues({ vatId: state.data.vatId }) })}
            onEdit={(address) =>
              setState({ kind: "form", data: state.data, errors: undefined, values: addressValues({ ...address, vatId: state.data.vatId }), editingId: address.id })
            }
          />
        )}
        {state.kind === "form" && (
          <AddressForm
            editing={!!state.editingId}
            countries={countries}
            limits={limits}
            values={state.values}
            serverErrors={state.errors}
            blacklistWireAt={blacklistWireAt.current}
            onSubmit={(event) => void save(event, state.data, state.editingId)}
            onBack={() => setState({ kind: "list", data: state.data })}
          />
        )}
      </Modal>
    </>
  );
}

interface AddressChoiceProps {
  data: AddressEditorData;
  onChoose(id: string): void;
  onNew(): void;
  onEdit(address: AddressView): void;
}

function AddressChoice({ data, onChoose, onNew, onEdit }: AddressChoiceProps) {
  const { t } = useI18n();
  const full = data.addresses.length >= data.maxAddresses;
  return (
    <>
      <h3 className="visually-hidden">{t("address.editor.choose")}</h3>
      <ul className="address-editor__list">
        {data.addresses.map((address) => {
          const current = address.id === data.activeAddressId;
          const describedBy = `editor-address-${address.id}`;
          return (
            <li key={address.id} className={`address-editor__option ${current ? "is-current" : ""}`}>
              <div id={describedBy}>
                {current && <span className="address-editor__current">{t("address.editor.current")}</span>}
                <AddressBlock address={address} />
              </div>
              <div className="address-editor__option-actions">
                {!current && (
                  <button type="button" className="button button--primary button--small" aria-describedby={describedBy} onClick={() => onChoose(address.id)}>
                    {t("address.editor.use")}
                  </button>
                )}
                <button type="button" className="button button--secondary button--small" aria-describedby={describedBy} onClick={() => onEdit(address)}>
                  {t("address.editor.edit")}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {full ? (
        <p>{t("address.book.limit", { count: data.maxAddresses })}</p>
      ) : (
        <button type="button" className="button button--secondary" onClick={onNew}>
          {t("address.editor.new")}
        </button>
      )}
    </>
  );
}

interface AddressFormProps {
  /** An existing address (else a new one). */
  editing: boolean;
  countries: CountryOption[];
  limits: AddressFieldLimits;
  values: Record<string, string>;
  serverErrors: FieldErrors | undefined;
  /** When the blacklist check wires this form (ms since the epoch; the past: at once). */
  blacklistWireAt: number;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  onBack(): void;
}

function AddressForm({ editing, countries, limits, values, serverErrors, blacklistWireAt, onSubmit, onBack }: AddressFormProps) {
  const { t } = useI18n();
  const { errors, onSubmit: check, onChange, report } = useFieldErrors(serverErrors);
  const form = useRef<HTMLFormElement>(null);
  const [blacklistDelay] = useState(() => Math.max(0, blacklistWireAt - Date.now()));
  useBlacklistCheck(form, { delayMs: blacklistDelay });
  // Stay open on validation errors (reference §10.1) and take the shopper to the first marked field.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>(serverErrors ? '[aria-invalid="true"]' : "input, select")?.focus();
  }, [serverErrors]);
  return (
    <form
      ref={form}
      noValidate
      className="checkout-form"
      aria-label={editing ? t("address.editor.edit") : t("address.editor.new")}
      onChange={onChange}
      onSubmit={(event) => {
        check(event);
        if (event.defaultPrevented) return;
        onSubmit(event);
      }}
    >
      {Object.keys(errors).length > 0 && (
        <p className="checkout-alert" role="alert">
          {t("address.form.errorSummary")}
        </p>
      )}
      <AddressBookFields form="editor" countries={countries} limits={limits} values={values} errors={errors} report={report} />
      <div className="address-editor__form-actions">
        <button type="submit" className="button button--primary">
          {t("address.editor.saveAndUse")}
        </button>
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t("address.editor.back")}
        </button>
      </div>
    </form>
  );
}
