import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorPage } from "./features/page/ErrorPage";

/**
 * The parts every personal page (checkout, account) shares besides its headers (private-headers.server.ts):
 * not indexed, and an error boundary of its own, so that error pages carry the private headers too.
 */
export const noindexMeta = () => [{ name: "robots", content: "noindex" }];

export function PrivateErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} message={typeof error.data === "string" ? error.data : undefined} />;
  return <ErrorPage status={500} />;
}
