import { eligibilitySubgroup, type EligibilityStatus } from "../../../kernel/eligibility";
import { useI18n } from "../../i18n/i18n";
import { useRoutePath } from "../../ui/use-route-path";

/** The customer's order page: the order's eligibility check, its status and a link to the proof they sent. */
export function OrderEligibility({ orderId, subgroup, status, proofName }: { orderId: string; subgroup: string; status: EligibilityStatus; proofName: string | null }) {
  const { t } = useI18n();
  const path = useRoutePath();
  const group = eligibilitySubgroup(subgroup);
  return (
    <section className="account-card order-eligibility" aria-labelledby="order-eligibility-heading">
      <h2 id="order-eligibility-heading">{t("eligibility.status.label")}</h2>
      <p>
        {group ? `${t(group.label)}: ` : ""}
        <strong>{t(`eligibility.status.${status}`)}</strong>
      </p>
      {proofName && (
        <p>
          <a href={path("frontend.eligibility.proof.download", { orderId })} download>
            {t("eligibility.proof.download", { name: proofName })}
          </a>
        </p>
      )}
    </section>
  );
}
