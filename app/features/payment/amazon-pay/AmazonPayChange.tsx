import { lazy, Suspense } from "react";
import { useI18n } from "../../../i18n/i18n";
import { changeLabel, type ChangeProps } from "./change-action";

// The binding (with checkout.js) is its own chunk: the confirm page hydrates without it.
const BoundChange = lazy(() => import("./AmazonPayChangeBinding"));

/**
 * **Change address** / **Change payment** on the confirm page (CONTRACT §5): Amazon's `bindChangeAction`
 * makes the button open Amazon's page for that choice, which sends the buyer back to the review URL.
 * Disabled until checkout.js has bound it.
 */
export function AmazonPayChange(props: ChangeProps) {
  const { t } = useI18n();
  return (
    <Suspense
      fallback={
        <button type="button" className="button button--secondary button--small" disabled>
          {t(changeLabel(props.action))}
        </button>
      }
    >
      <BoundChange {...props} />
    </Suspense>
  );
}
