import { useRouteLoaderData } from "react-router";
import { useI18n } from "../i18n/i18n";
import type { loader as layoutLoader } from "./account-layout";

/** `/account`: the customer's overview. */
export default function AccountOverview() {
  const { t } = useI18n();
  const data = useRouteLoaderData<typeof layoutLoader>("routes/account-layout");
  return (
    <>
      <title>{`${t("customer.nav.overview")} | ${t("shop.name")}`}</title>
      <h1>{t("customer.overview.title", { name: data?.customer.firstName ?? "" })}</h1>
    </>
  );
}
