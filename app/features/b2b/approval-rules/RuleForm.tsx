import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { RoleOption } from "../../../../server/b2b/types";
import type { FieldErrorCode, FieldErrors } from "../../../../server/customer/types";
import type { MessageKey } from "../../../../kernel/i18n/en";
import { useI18n } from "../../../i18n/i18n";
import { controlProps, Field, fieldId } from "../../../ui/form/Field";
import { useFieldErrors } from "../../../ui/form/form-validation";
import type { RuleFormValues } from "./rule-form";
import type { RuleLimits } from "./types";

const FORM = "approval-rule";

/** Where a rule field says more than the shared message (a rule's name is taken by a rule, not a role). */
const OWN_MESSAGES: Record<string, Partial<Record<FieldErrorCode, MessageKey>>> = {
  name: { "name-taken": "customer.approvalRules.error.nameTaken" },
  totalAbove: { invalid: "customer.approvalRules.error.totalAbove" },
  priority: { invalid: "customer.approvalRules.error.priority" },
};

interface RuleFormProps {
  roles: RoleOption[];
  /** The shop's currency: the amount is in it, and the field shows it beside the input. */
  currency: string;
  limits: RuleLimits;
  values: RuleFormValues;
  /** The refused post's errors (undefined before any). */
  errors: FieldErrors | undefined;
}

/** The rule form (`intent=save`, with `ruleId` when editing): a plain post to the page. */
export function RuleForm({ roles, currency, limits, values, errors: serverErrors }: RuleFormProps) {
  const { t } = useI18n();
  const { errors, onSubmit, onChange, message } = useFieldErrors(serverErrors);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const form = useRef<HTMLFormElement>(null);
  const id = (name: string) => fieldId(FORM, name);
  const messageOf = (name: string) => {
    const code = errors[name];
    const own = code && OWN_MESSAGES[name]?.[code];
    return own ? t(own, { max: limits.priorityMax }) : message(name);
  };
  const control = (name: string, hasHint = false) => controlProps(id(name), name, messageOf(name), hasHint);
  // After a refused post, focus the first field the server marked (its error is read out with it).
  useEffect(() => {
    if (serverErrors) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [serverErrors]);
  const amount = control("totalAbove");
  const currencyId = `${id("totalAbove")}-currency`;
  return (
    <Form ref={form} method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="checkout-form rule-form">
      <input type="hidden" name="intent" value="save" />
      {values.ruleId && <input type="hidden" name="ruleId" value={values.ruleId} />}
      <Field id={id("name")} label={t("customer.approvalRules.form.name")} required error={messageOf("name")}>
        <input {...control("name")} required maxLength={limits.nameMax} autoComplete="off" defaultValue={values.name} />
      </Field>
      <RoleSelect
        label={t("customer.approvalRules.form.appliesTo")}
        roles={roles}
        value={values.appliesToRoleId}
        error={messageOf("appliesToRoleId")}
        control={control("appliesToRoleId")}
      />
      <Field id={id("totalAbove")} label={t("customer.approvalRules.form.totalAbove")} required error={messageOf("totalAbove")}>
        <div className="rule-form__amount">
          <input
            {...amount}
            // The currency is part of what the amount means: screen readers hear it after the label.
            aria-describedby={[amount["aria-describedby"], currencyId].filter(Boolean).join(" ")}
            required
            inputMode="decimal"
            autoComplete="off"
            defaultValue={values.totalAbove}
          />
          <span id={currencyId} className="rule-form__currency">
            {currency}
          </span>
        </div>
      </Field>
      <RoleSelect
        label={t("customer.approvalRules.form.reviewer")}
        roles={roles}
        value={values.reviewerRoleId}
        error={messageOf("reviewerRoleId")}
        control={control("reviewerRoleId")}
      />
      <Field
        id={id("priority")}
        label={t("customer.approvalRules.form.priority")}
        required
        error={messageOf("priority")}
        hint={t("customer.approvalRules.form.priorityHint")}
      >
        <input
          {...control("priority", true)}
          type="number"
          required
          min={0}
          max={limits.priorityMax}
          step={1}
          className="rule-form__priority"
          defaultValue={values.priority}
        />
      </Field>
      <div>
        <button type="submit" className="button button--primary" disabled={saving}>
          {t("customer.approvalRules.form.save")}
        </button>
      </div>
    </Form>
  );
}

interface RoleSelectProps {
  label: string;
  roles: RoleOption[];
  value: string;
  error: string | undefined;
  control: ReturnType<typeof controlProps>;
}

/** A select of the company's roles; nothing is chosen for a new rule (or a deleted role) until the user does. */
function RoleSelect({ label, roles, value, error, control }: RoleSelectProps) {
  const { t } = useI18n();
  return (
    <Field id={control.id} label={label} required error={error}>
      <select {...control} required defaultValue={value}>
        <option value="">{t("customer.approvalRules.form.chooseRole")}</option>
        {roles.map((role) => (
          <option key={role.id} value={role.id}>
            {role.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
