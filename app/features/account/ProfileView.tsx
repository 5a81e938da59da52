import type { Salutation } from "../../../server/customer/types";
import { useI18n } from "../../i18n/i18n";
import { BIRTHDAY_MIN, isoToday } from "../../../kernel/date-formats";
import { DateInput } from "../../ui/form/DateInput";
import { Field, type FieldHelpers } from "../../ui/form/Field";
import { NameFields } from "../../ui/form/NameFields";
import { AccountForm } from "./AccountForm";
import type { AccountFieldLimits, AccountFormResult, ProfileFormName } from "./account-forms";
import "./Account.css";

export interface ProfileData {
  salutation: Salutation;
  firstName: string;
  lastName: string;
  birthday: string | null;
  email: string;
}

interface ProfileViewProps {
  profile: ProfileData;
  limits: AccountFieldLimits;
  result: AccountFormResult<ProfileFormName> | undefined;
}

/** `/account/profile`: three forms (personal data, email address, password), each posted on its own. */
export function ProfileView({ profile, limits, result }: ProfileViewProps) {
  const { t } = useI18n();
  const of = (name: ProfileFormName) => (result?.form === name ? result : undefined);
  const personal = of("personal");
  const email = of("email");
  const password = of("password");
  const personalValues = personal?.values ?? {};
  return (
    <>
      <title>{`${t("customer.profile.metaTitle")} | ${t("shop.name")}`}</title>
      <h1>{t("customer.profile.title")}</h1>
      <div className="account-stack">
        <section className="account-card" aria-labelledby="profile-personal">
          <h2 id="profile-personal">{t("customer.profile.personal")}</h2>
          <AccountForm
            name="personal"
            serverErrors={personal?.errors}
            saved={personal?.saved ? t("customer.profile.personalSaved") : undefined}
            submitLabel={t("customer.profile.savePersonal")}
          >
            {(field) => (
              <>
                <NameFields
                  field={field}
                  values={{
                    salutation: personalValues.salutation ?? profile.salutation,
                    firstName: personalValues.firstName ?? profile.firstName,
                    lastName: personalValues.lastName ?? profile.lastName,
                  }}
                  maxLength={limits.name}
                />
                <Field id={field.id("birthday")} label={t("customer.profile.birthday")} error={field.message("birthday")} className="checkout-field--narrow">
                  <DateInput
                    {...field.control("birthday")}
                    autoComplete="bday"
                    defaultValue={personalValues.birthday ?? profile.birthday ?? ""}
                    min={BIRTHDAY_MIN}
                    max={isoToday()}
                  />
                </Field>
              </>
            )}
          </AccountForm>
        </section>

        <section className="account-card" aria-labelledby="profile-email">
          <h2 id="profile-email">{t("customer.profile.emailTitle")}</h2>
          <p className="account-card__lead">{t("customer.profile.currentEmail", { email: profile.email })}</p>
          <AccountForm
            name="email"
            serverErrors={email?.errors}
            saved={email?.saved ? t("customer.profile.emailSaved") : undefined}
            submitLabel={t("customer.profile.saveEmail")}
          >
            {({ id, message, control }) => (
              <>
                <div className="checkout-row">
                  <Field id={id("email")} label={t("customer.profile.newEmail")} required error={message("email")}>
                    <input
                      {...control("email")}
                      type="email"
                      required
                      maxLength={limits.email}
                      autoComplete="email"
                      defaultValue={email?.values?.email}
                      data-equal-group="email"
                    />
                  </Field>
                  <Field id={id("emailConfirmation")} label={t("customer.profile.emailConfirmation")} required error={message("emailConfirmation")}>
                    <input
                      {...control("emailConfirmation")}
                      type="email"
                      required
                      maxLength={limits.email}
                      autoComplete="email"
                      defaultValue={email?.values?.emailConfirmation}
                      data-equal-group="email"
                    />
                  </Field>
                </div>
                <Field id={id("password")} label={t("customer.profile.currentPassword")} required error={message("password")}>
                  <input {...control("password")} type="password" required maxLength={limits.passwordMax} autoComplete="current-password" />
                </Field>
              </>
            )}
          </AccountForm>
        </section>

        <section className="account-card" aria-labelledby="profile-password">
          <h2 id="profile-password">{t("customer.profile.passwordTitle")}</h2>
          <AccountForm
            name="password"
            serverErrors={password?.errors}
            saved={password?.saved ? t("customer.profile.passwordSaved") : undefined}
            submitLabel={t("customer.profile.savePassword")}
          >
            {(field) => (
              <>
                <Field id={field.id("currentPassword")} label={t("customer.profile.currentPassword")} required error={field.message("currentPassword")}>
                  <input {...field.control("currentPassword")} type="password" required maxLength={limits.passwordMax} autoComplete="current-password" />
                </Field>
                <NewPasswordFields limits={limits} field={field} />
              </>
            )}
          </AccountForm>
        </section>
      </div>
    </>
  );
}

/** New password and its confirmation (password change and reset): an equal-fields group (spec §5). */
export function NewPasswordFields({ limits, field }: { limits: AccountFieldLimits; field: FieldHelpers }) {
  const { t } = useI18n();
  return (
    <div className="checkout-row">
      <Field
        id={field.id("newPassword")}
        label={t("customer.profile.newPassword")}
        required
        hint={t("form.field.passwordHint", { count: limits.passwordMin })}
        error={field.message("newPassword")}
      >
        <input
          {...field.control("newPassword", true)}
          type="password"
          required
          minLength={limits.passwordMin}
          maxLength={limits.passwordMax}
          autoComplete="new-password"
          data-equal-group="password"
        />
      </Field>
      <Field id={field.id("newPasswordConfirmation")} label={t("form.field.passwordConfirmation")} required error={field.message("newPasswordConfirmation")}>
        <input
          {...field.control("newPasswordConfirmation")}
          type="password"
          required
          maxLength={limits.passwordMax}
          autoComplete="new-password"
          data-equal-group="password"
        />
      </Field>
    </div>
  );
}
