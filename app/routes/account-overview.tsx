import { useRouteLoaderData } from "react-router";
import { OverviewView } from "../features/account/OverviewView";
import type { loader as layoutLoader } from "./account-layout";

/** `/account`: the customer's overview (the layout loaded the customer). */
export default function AccountOverview() {
  const data = useRouteLoaderData<typeof layoutLoader>("routes/account-layout");
  return data ? <OverviewView customer={data.customer} /> : null;
}
