import { Link } from "react-router";
import { useI18n } from "../../i18n/i18n";

/** The shared error page: 404, 400 and 403 say what happened (403 and 400 with the server's sentence), anything else apologises. */
export function ErrorPage({ status, message }: { status: number; message?: string }) {
  const { t } = useI18n();
  const title = status === 404 ? t("notFound.title") : status === 400 ? t("error.badRequest") : status === 403 ? t("error.forbidden") : t("error.title");
  const text = status === 404 ? t("notFound.text") : (status === 400 || status === 403) && message ? message : t("error.text");
  return (
    <div className="container error-page">
      <title>{`${title} | ${t("shop.name")}`}</title>
      <p className="error-page__status">{status}</p>
      <h1>{title}</h1>
      <p>{text}</p>
      <Link className="button button--primary" to="/">
        {t("notFound.home")}
      </Link>
    </div>
  );
}
