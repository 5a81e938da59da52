import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { CategoryNode } from "../../../server/catalog/types";
import { useI18n } from "../../i18n/i18n";
import { Icon } from "../../ui/Icon";

const loadPanel = () => import("./MobileMenuPanel");
const MobileMenuPanel = lazy(loadPanel);

/** The "Menu" button of small screens. The panel's code loads when the shopper reaches for the button. */
export function MobileMenu({ navigation }: { navigation: CategoryNode[] }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname, location.search]);

  return (
    <>
      <button
        type="button"
        className="header-action"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Icon name="menu" />
        <span className="header-action__label">{t("header.menu")}</span>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <MobileMenuPanel navigation={navigation} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
