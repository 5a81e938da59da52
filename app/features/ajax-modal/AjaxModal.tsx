import { useEffect, useRef, useState } from "react";
import { useI18n } from "../../i18n/i18n";
import { Modal } from "../../ui/Modal";
import { loadContent, type AjaxContent } from "./ajax-content";
import "./AjaxModal.css";
// The shipping and payment page's content (the footer's and the price notes' links) keeps its table styles.
import "../../ui/tax-info/TaxInfo.css";

/** A page shown in the ajax modal: its URL and the text of the link that opened it (the name until it loads). */
export interface AjaxModalEntry {
  url: string;
  label: string;
}

interface AjaxModalProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The pages opened in this dialog, the shown one last. */
  entries: AjaxModalEntry[];
  onBack(): void;
}

/**
 * The ajax modal (loaded on first use by AjaxModalHost): the shown page's content in the one modal
 * dialog, named by the page's title, with Back while an earlier page is there to return to.
 */
export default function AjaxModal({ open, onOpenChange, entries, onBack }: AjaxModalProps) {
  const { t } = useI18n();
  const entry = entries[entries.length - 1];
  const [loaded, setLoaded] = useState<{ url: string; content?: AjaxContent; failed?: boolean }>();
  const region = useRef<HTMLDivElement>(null);
  const depth = useRef(entries.length);

  useEffect(() => {
    if (!entry) return;
    let current = true;
    loadContent(entry.url).then(
      (content) => current && setLoaded({ url: entry.url, content }),
      () => current && setLoaded({ url: entry.url, failed: true }),
    );
    return () => {
      current = false;
    };
  }, [entry]);

  const shown = loaded?.url === entry?.url ? loaded : undefined;
  // After moving within the dialog the clicked link or Back may be gone: focus goes to the new content.
  useEffect(() => {
    if (!shown?.content || depth.current === entries.length) return;
    depth.current = entries.length;
    region.current?.focus();
  }, [shown, entries.length]);

  const title = shown?.content?.title || entry?.label || t("ajaxModal.loading");
  return (
    <Modal open={open && !!entry} onOpenChange={onOpenChange} title={title} size="large" className="ajax-modal">
      <div data-ajax-modal="">
        {entries.length > 1 && (
          <button type="button" className="button button--secondary ajax-modal__back" onClick={onBack}>
            {t("ajaxModal.back")}
          </button>
        )}
        {shown?.content ? (
          // Our own page's HTML, fetched from this origin without its scripts.
          <div ref={region} tabIndex={0} role="region" aria-label={title} className="ajax-modal__content" dangerouslySetInnerHTML={{ __html: shown.content.html }} />
        ) : shown?.failed ? (
          <p role="alert">{t("ajaxModal.error")}</p>
        ) : (
          <p role="status">{t("ajaxModal.loading")}</p>
        )}
      </div>
    </Modal>
  );
}
