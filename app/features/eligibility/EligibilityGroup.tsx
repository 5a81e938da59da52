import { useEffect, useRef, useState, type FormEvent } from "react";
import {
  ELIGIBILITY_FIELDS,
  ELIGIBILITY_SUBGROUPS,
  eligibilitySatisfied,
  eligibilitySubgroup,
  ELIGIBILITY_TEXT_MAX_LENGTH,
  type EligibilityProofRefusal,
} from "../../../kernel/eligibility";
import { useI18n } from "../../i18n/i18n";
import { controlProps, Field } from "../../ui/form/Field";
import { useHydrated } from "../../ui/use-hydrated";
import { useRoutePath } from "../../ui/use-route-path";
import "./eligibility.css";

export interface EligibilityGroupProps {
  /** The order form the group's fields belong to (they sit outside it: the proof has its own form). */
  orderFormId: string;
  initial: { subgroup: string | null; verificationText: string; proofName: string | null; proofRefused?: EligibilityProofRefusal | null };
  /** The proof's size limit as people say it ("10 MB"). */
  limit: string;
  /** Whether the choice satisfies the check now (spec §4): Submit order waits for it. */
  onSatisfiedChange(satisfied: boolean): void;
}

/**
 * The confirm page's eligibility check (spec §3/§4, CONTRACT §8): the customer group, and for some groups
 * a proof (its own form: it works without JavaScript, posting and coming back) and a verification text.
 * The order form carries the group, the check mode, isUploaded and the text.
 */
export function EligibilityGroup({ orderFormId, initial, limit, onSatisfiedChange }: EligibilityGroupProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  const hydrated = useHydrated();
  const [subgroup, setSubgroup] = useState(initial.subgroup ?? "");
  const [text, setText] = useState(initial.verificationText);
  const [proofName, setProofName] = useState(initial.proofName);
  // A proof sent without JavaScript and refused comes back here with the reason.
  const [upload, setUpload] = useState<{ state: "idle" | "busy" } | { state: "failed"; message: string }>(() =>
    initial.proofRefused ? { state: "failed", message: t(`eligibility.proof.refused.${initial.proofRefused}`, { limit }) } : { state: "idle" },
  );
  const proofForm = useRef<HTMLFormElement>(null);
  const chosen = eligibilitySubgroup(subgroup);
  const check = chosen?.check ?? "";
  const satisfied = eligibilitySatisfied({ subgroup, uploaded: proofName !== null, text });
  // Without JavaScript every field shows: the server judges the choice when the order is sent.
  const showProof = !hydrated || check === "file" || check === "text";
  const showText = !hydrated || check === "text";

  useEffect(() => onSatisfiedChange(satisfied), [satisfied, onSatisfiedChange]);

  const choose = (key: string) => {
    setSubgroup(key);
    const group = eligibilitySubgroup(key);
    if (group?.check !== "check_om") return;
    // Spec §7: the shop checks this group by hand; the choice is recorded and the answer logged.
    void fetch(`${path("frontend.eligibility.check-om")}?${new URLSearchParams({ eligibleSubGroup: key })}`, {
      headers: { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" },
      credentials: "same-origin",
    })
      .then((response) => response.json())
      .then((answer: unknown) => console.debug("eligibility: setCheckOmSubgroup", answer))
      .catch((error: unknown) => console.debug("eligibility: setCheckOmSubgroup failed", error));
  };

  const send = async (form: HTMLFormElement) => {
    const file = new FormData(form).get("file");
    if (!(file instanceof File) || file.size === 0) return;
    setUpload({ state: "busy" });
    try {
      const response = await fetch(form.action, { method: "POST", body: new FormData(form), headers: { "X-Requested-With": "XMLHttpRequest" }, credentials: "same-origin" });
      const answer = (await response.json().catch(() => null)) as { name?: string; errors?: { message: string }[] } | null;
      if (response.ok && answer?.name) {
        setProofName(answer.name);
        setUpload({ state: "idle" });
      } else {
        setUpload({ state: "failed", message: answer?.errors?.[0]?.message ?? t("eligibility.proof.failed") });
      }
    } catch {
      setUpload({ state: "failed", message: t("eligibility.proof.failed") });
    }
  };
  const onProofSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send(event.currentTarget);
  };

  const proofError = upload.state === "failed" ? upload.message : undefined;
  return (
    <fieldset className="checkout-card eligibility">
      <legend className="eligibility__legend">{t("eligibility.legend")}</legend>
      <p className="eligibility__lead">{t("eligibility.lead")}</p>
      <Field id="eligibility-subgroup" label={t("eligibility.subgroup.label")} required hint={chosen ? t(chosen.help) : undefined}>
        <select
          {...controlProps("eligibility-subgroup", ELIGIBILITY_FIELDS.subgroup, undefined, !!chosen)}
          form={orderFormId}
          value={subgroup}
          // Native, so the confirm form's validity check (spec §5) holds the payment buttons back too.
          required
          onChange={(event) => choose(event.currentTarget.value)}
        >
          <option value="">{t("eligibility.subgroup.choose")}</option>
          {ELIGIBILITY_SUBGROUPS.map((group) => (
            <option key={group.key} value={group.key}>
              {t(group.label)}
            </option>
          ))}
        </select>
      </Field>
      <input type="hidden" form={orderFormId} name={ELIGIBILITY_FIELDS.check} value={check} />
      <input type="hidden" form={orderFormId} name={ELIGIBILITY_FIELDS.uploaded} value={proofName ? "1" : "0"} />
      {showProof && (
        <form ref={proofForm} method="post" action={path("frontend.eligibility.proof")} encType="multipart/form-data" className="eligibility__proof" onSubmit={onProofSubmit}>
          <Field id="eligibility-proof" label={t("eligibility.proof.label")} required hint={t("eligibility.proof.hint", { limit })} error={proofError}>
            <input
              {...controlProps("eligibility-proof", "file", proofError, true)}
              type="file"
              accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
              onChange={(event) => {
                if (event.currentTarget.form) void send(event.currentTarget.form);
              }}
            />
          </Field>
          <button type="submit" className="button button--secondary" disabled={upload.state === "busy"}>
            {upload.state === "busy" ? t("eligibility.proof.uploading") : t("eligibility.proof.upload")}
          </button>
          <p className="eligibility__uploaded" role="status">
            {proofName ? t("eligibility.proof.uploaded", { name: proofName }) : ""}
          </p>
        </form>
      )}
      {showText && (
        <Field id="eligibility-text" label={t("eligibility.text.label")} required hint={t("eligibility.text.hint")}>
          <textarea
            {...controlProps("eligibility-text", ELIGIBILITY_FIELDS.text, undefined, true)}
            form={orderFormId}
            rows={3}
            // Without JavaScript the field shows for every group: only the text group needs it.
            required={hydrated && check === "text"}
            maxLength={ELIGIBILITY_TEXT_MAX_LENGTH}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
        </Field>
      )}
    </fieldset>
  );
}
