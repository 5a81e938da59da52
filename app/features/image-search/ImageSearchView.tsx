import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { formatByteLimit } from "../../../kernel/image-search";
import type { AiSearchTerm } from "../../../server/ai-search/service";
import { useI18n } from "../../i18n/i18n";
import { localStore } from "../../lib/storage";
import { TermSections } from "../../ui/term-search/TermSections";
import { productsOfTerms } from "../../ui/term-search/term-search-requests";
import { useTermSearch } from "../../ui/term-search/use-term-search";
import type { TermSearchAnswer } from "../../ui/term-search/term-search-outcome";
import { useHydrated } from "../../ui/use-hydrated";
import { useRoutePath } from "../../ui/use-route-path";
import { queryStringOf, recallTerms, rememberTerms } from "./image-search-cache";
import { isAcceptablePhoto, searchPhoto } from "./image-search-requests";
import "./ImageSearch.css";

export interface ImageSearchViewProps {
  /** The terms in the address bar (`searchTerms`), none without. */
  terms: readonly string[];
  /** The largest photo the shop takes, in bytes (IMAGE_SEARCH_MAX_BYTES). */
  maxBytes: number;
}

/** A search starts from a photo, or from terms already found (the address bar after a reload). */
type SearchInput = { photo: File } | { terms: AiSearchTerm[]; byTestDouble: boolean };

/**
 * The image search page (spec §7, CONTRACT §7): the photo, the searching status, and what was found. The
 * photo goes to search-image; its terms go to the address bar (`searchTerms`) and to local storage, and
 * each term's products are asked for like the AI search's.
 */
export function ImageSearchView({ terms, maxBytes }: ImageSearchViewProps) {
  const { t } = useI18n();
  const path = useRoutePath();
  const hydrated = useHydrated();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState(false);
  const limit = formatByteLimit(maxBytes);
  const pagePath = path("frontend.image-search.page");

  const { outcome, search, reset } = useTermSearch<SearchInput>({ state: "idle" }, async (from, signal): Promise<TermSearchAnswer> => {
    const { terms: found, byTestDouble } = "photo" in from ? await searchPhoto(from.photo, signal) : from;
    // The products call answers with its own reading of a term ("2 Person Dome Tent", "2 Person:
    // capacity"); the page shows the product name and the reason search-image gave.
    const results = (await productsOfTerms(found, signal)).map((result, index) => ({ ...result, term: found[index]!.term, reason: found[index]!.reason || result.reason }));
    if (!signal.aborted && "photo" in from) {
      rememberTerms(localStore(), found, byTestDouble);
      // Replaced, not pushed: the address carries the terms for a reload or a shared link. It bypasses
      // the router on purpose: a router navigation would make a new page without these results.
      window.history.replaceState(window.history.state, "", pagePath + queryStringOf(found));
    }
    return { results, byTestDouble };
  });

  // The address's terms: what search-image answered for them when this browser kept it, else the terms
  // alone (their products say why).
  const addressTerms = terms.join("\n");
  useEffect(() => {
    if (!addressTerms) return;
    const list = addressTerms.split("\n");
    const kept = recallTerms(localStore(), queryStringOf(list.map((term) => ({ term }))));
    void search(kept ?? { terms: list.map((term) => ({ term, reason: "" })), byTestDouble: false });
  }, [addressTerms, search]);

  /** What the page says about the chosen file before sending it (the server's refusals come as the outcome). */
  const [notice, setNotice] = useState<"chooseFirst" | "wrongFile" | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const photo = input.current?.files?.[0];
    if (!photo) {
      setNotice("chooseFirst");
      input.current?.focus();
      return;
    }
    if (!(await isAcceptablePhoto(photo, maxBytes))) return setNotice("wrongFile");
    setNotice(null);
    void search({ photo });
  };

  const onChoose = async () => {
    const photo = input.current?.files?.[0];
    setChosen(Boolean(photo));
    setNotice(photo && !(await isAcceptablePhoto(photo, maxBytes)) ? "wrongFile" : null);
  };

  const removePhoto = () => {
    if (input.current) input.current.value = "";
    setChosen(false);
    setNotice(null);
    reset();
    window.history.replaceState(window.history.state, "", pagePath);
    // The button goes away with the photo: the file input keeps the keyboard's place.
    input.current?.focus();
  };

  const alert = notice
    ? t(`form.imageSearch.${notice}`, { limit })
    : outcome.state === "error"
      ? outcome.refused
        ? t("form.imageSearch.wrongFile", { limit })
        : t("form.imageSearch.error")
      : null;

  return (
    <div className="container page image-search">
      <header className="page-header">
        <h1>{t("form.imageSearch.title")}</h1>
        <p className="page-header__lead">{t("form.imageSearch.lead")}</p>
      </header>
      <noscript>
        <p className="image-search__noscript">{t("form.imageSearch.noScript")}</p>
      </noscript>
      <form className="image-search__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {/* Without JavaScript there is nothing to send the photo: the form waits for the page's script. */}
        <fieldset className="image-search__fieldset" disabled={!hydrated}>
          <label className="image-search__label" htmlFor={`${id}-photo`}>
            {t("form.imageSearch.label")}
          </label>
          <input
            ref={input}
            id={`${id}-photo`}
            className="image-search__file"
            type="file"
            name="file"
            accept="image/jpeg,image/png"
            aria-describedby={`${id}-hint`}
            onChange={() => void onChoose()}
          />
          <p id={`${id}-hint`} className="image-search__hint">
            {t("form.imageSearch.hint", { limit })}
          </p>
          <div className="image-search__actions">
            <button type="submit" className="button button--primary">
              {t("form.imageSearch.submit")}
            </button>
            {(chosen || outcome.state !== "idle") && (
              <button type="button" className="button button--secondary" onClick={removePhoto}>
                {t("form.imageSearch.remove")}
              </button>
            )}
          </div>
        </fieldset>
      </form>
      <p className="term-search__status" role="status">
        {outcome.state === "loading" && t("form.imageSearch.searching")}
      </p>
      {alert && (
        <p className="term-search__error" role="alert">
          {alert}
        </p>
      )}
      {(outcome.state === "empty" || outcome.state === "finish") && outcome.byTestDouble && (
        // The vision model's local test double described the photo, not a model (DESIGN §1.5).
        <p className="image-search__test-double">{t("form.imageSearch.testDouble")}</p>
      )}
      {outcome.state === "empty" && (
        <div className="image-search__empty">
          <h2>{t("form.imageSearch.emptyTitle")}</h2>
          <p>{t("form.imageSearch.emptyText")}</p>
        </div>
      )}
      {outcome.state === "finish" && <TermSections results={outcome.results} emptyTermText={t("form.imageSearch.termEmpty")} />}
    </div>
  );
}
