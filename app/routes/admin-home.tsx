import { redirect } from "react-router";
import { routeNames } from "../../kernel/route-names";
import { ADMIN_HEADERS, requireOperator } from "../admin.server";
import type { Route } from "./+types/admin-home";

/** `/admin`: the console opens on the reviews waiting for approval. */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireOperator(context, request, "page");
  throw redirect(routeNames["admin.reviews.page"], { headers: ADMIN_HEADERS });
}
