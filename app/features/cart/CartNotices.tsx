import type { CartNotice } from "../../../server/cart/types";
import { useI18n } from "../../i18n/i18n";
import { Icon } from "../../ui/Icon";
import { noticeMessage } from "./notices";
import "./Cart.css";

/** Notices of the last change: alerts for what did not happen as asked, a status for the rest. */
export function NoticeList({ notices }: { notices: CartNotice[] }) {
  const { t } = useI18n();
  if (notices.length === 0) return null;
  return (
    <div className="cart-notices">
      {notices.map((notice, index) => {
        const { key, values, tone } = noticeMessage(notice);
        return (
          <p key={`${notice.code}-${index}`} role={tone === "error" ? "alert" : "status"} className={`cart-notice cart-notice--${tone}`}>
            <Icon name={tone === "success" ? "check" : "close"} size={18} />
            {t(key, values)}
          </p>
        );
      })}
    </div>
  );
}
