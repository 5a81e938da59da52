import { data, Link } from "react-router";
import { useI18n } from "../i18n/i18n";
import type { MessageKey } from "../i18n/en";
import type { Route } from "./+types/coming-soon";

const titles: Record<string, MessageKey> = {
  "coming-soon-wishlist": "comingSoon.wishlistTitle",
};

/**
 * Wishlist and account arrive in later releases. Until then their paths answer 501 with a page
 * that says so, rather than a dead link or a 404.
 */
export function loader() {
  return data(null, { status: 501 });
}

export const meta: Route.MetaFunction = () => [{ title: "Not open yet | Vitrine" }, { name: "robots", content: "noindex" }];

export default function ComingSoon({ matches }: Route.ComponentProps) {
  const { t } = useI18n();
  const id = matches.at(-1)?.id ?? "";
  return (
    <div className="container page error-page">
      <h1>{t(titles[id] ?? "comingSoon.accountTitle")}</h1>
      <p>{t("comingSoon.text")}</p>
      <Link to="/" className="button button--primary">
        {t("comingSoon.continue")}
      </Link>
    </div>
  );
}
