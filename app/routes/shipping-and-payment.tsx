import { servicesContext } from "../../server/request-context";
import { useI18n } from "../i18n/i18n";
import { ShippingPaymentInfo } from "../ui/tax-info/ShippingPaymentInfo";
import type { Route } from "./+types/shipping-and-payment";
import { SHARED_PAGE } from "../../kernel/page-sharing";

/** The tax-info links' page for browsers without JavaScript: the modal's content as a page. */
export async function loader({ context }: Route.LoaderArgs) {
  return { info: await context.get(servicesContext).shopInfo.shippingAndPayment() };
}

/** Rendered once per language and shared: nothing here is personal (kernel/page-sharing.ts). */
export const handle = SHARED_PAGE;

export default function ShippingAndPayment({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="container page">
      <title>{`${t("taxInfo.title")} | ${t("shop.name")}`}</title>
      <h1>{t("taxInfo.title")}</h1>
      <ShippingPaymentInfo info={loaderData.info} />
    </div>
  );
}
