import { useEffect, useId, useRef, useState } from "react";
import type { QuickOrderProduct, QuickOrderUploadResult, UploadOption } from "../../../../../kernel/quick-order";
import type { Translate } from "../../../../../kernel/i18n/translator";
import { useI18n } from "../../../../i18n/i18n";
import { Modal } from "../../../../ui/Modal";
import { CSV_ACCEPT, duplicateLines, UPLOAD_MAX_MEGABYTES, type DuplicateLine } from "./csv-upload";
import { DuplicateComparison } from "./DuplicateComparison";
import { useCsvUpload, type UploadState } from "./use-csv-upload";
import "./UploadCsvDialog.css";

/** What the dialog hands the list: the products, the quantity per product number, how they join, the numbers not found. */
export interface UploadApplied {
  products: QuickOrderProduct[];
  quantities: Record<string, number>;
  option: UploadOption;
  notFound: string[];
}

export interface UploadCsvDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Whether the list holds lines: only then may the upload add to it or replace it. */
  hasLines: boolean;
  /** The list's quantity per product number, to find the upload's duplicates. */
  listQuantities: Record<string, number>;
  onApply(result: UploadApplied): void;
}

/**
 * The quick order's **Upload CSV file** dialog (spec §4, CONTRACT §6). Its content unmounts when it
 * closes, which is what resets it: no file, nothing uploaded, option "add".
 */
export function UploadCsvDialog({ open, onOpenChange, ...flow }: UploadCsvDialogProps) {
  const { t } = useI18n();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t("customer.quickOrderUpload.title")}>
      <UploadFlow {...flow} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

interface UploadFlowProps extends Omit<UploadCsvDialogProps, "open" | "onOpenChange"> {
  onDone(): void;
}

/** Upload, then Add: straight to the list, or through the comparison when the upload adds products the list has. */
function UploadFlow({ hasLines, listQuantities, onApply, onDone }: UploadFlowProps) {
  const { state, choose, upload } = useCsvUpload();
  const [option, setOption] = useState<UploadOption>("add");
  const [comparison, setComparison] = useState<{ result: QuickOrderUploadResult; duplicates: DuplicateLine[] } | null>(null);

  const apply = (result: QuickOrderUploadResult, quantities: Record<string, number>) => {
    onApply({ products: result.products, quantities, option, notFound: result.errorProducts });
    onDone();
  };
  const add = (result: QuickOrderUploadResult) => {
    const duplicates = option === "add" ? duplicateLines(result, listQuantities) : [];
    if (duplicates.length === 0) apply(result, result.quantityMapping);
    else setComparison({ result, duplicates });
  };

  if (comparison) {
    return <DuplicateComparison {...comparison} onApply={(quantities) => apply(comparison.result, quantities)} />;
  }
  return (
    <form
      className="qo-upload__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (state.step !== "idle" && state.step !== "uploading" && state.file) void upload(state.file, option);
      }}
    >
      <FormatHint />
      <FileField state={state} onChoose={choose} />
      {hasLines && <OptionChoice option={option} onChange={setOption} />}
      <UploadOutcome state={state} onAdd={add} />
    </form>
  );
}

function FormatHint() {
  const { t } = useI18n();
  return (
    <div className="qo-upload__format">
      <p>{t("customer.quickOrderUpload.format", { max: UPLOAD_MAX_MEGABYTES })}</p>
      <figure className="qo-upload__example">
        <figcaption>{t("customer.quickOrderUpload.example")}</figcaption>
        <pre>{"productNumber;quantity\nSW10001;5\nSW10002;12"}</pre>
      </figure>
    </div>
  );
}

function FileField({ state, onChoose }: { state: UploadState; onChoose(file: File | null): void }) {
  const { t } = useI18n();
  const id = useId();
  const refused = state.step === "failed" && state.file === null;
  return (
    <div className="qo-upload__field">
      <label htmlFor={id}>{t("customer.quickOrderUpload.file")}</label>
      <input
        id={id}
        type="file"
        name="file"
        accept={CSV_ACCEPT}
        aria-invalid={refused || undefined}
        onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
      />
    </div>
  );
}

function OptionChoice({ option, onChange }: { option: UploadOption; onChange(option: UploadOption): void }) {
  const { t } = useI18n();
  const name = useId();
  const choices: [UploadOption, string][] = [
    ["add", t("customer.quickOrderUpload.option.add")],
    ["replace", t("customer.quickOrderUpload.option.replace")],
  ];
  return (
    <fieldset className="qo-upload__options">
      <legend>{t("customer.quickOrderUpload.option")}</legend>
      {choices.map(([value, label]) => (
        <label key={value} className="qo-upload__option">
          <input type="radio" name={name} value={value} checked={option === value} onChange={() => onChange(value)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** The buttons and what the upload came to: the status line, the error, the numbers not found. */
function UploadOutcome({ state, onAdd }: { state: UploadState; onAdd(result: QuickOrderUploadResult): void }) {
  const { t } = useI18n();
  const uploading = state.step === "uploading";
  const result = state.step === "success" ? state.result : null;
  const addButton = useRef<HTMLButtonElement>(null);
  // The next step is Add: take the shopper there once it is enabled.
  useEffect(() => {
    if (result && result.products.length > 0) addButton.current?.focus();
  }, [result]);
  return (
    <>
      <p role="status" className="qo-upload__status">
        {uploading && t("customer.quickOrderUpload.uploading")}
        {result && foundText(t, result.products.length)}
      </p>
      {state.step === "failed" && (
        <p role="alert" className="qo-upload__error">
          {state.message ?? t("customer.quickOrderUpload.error", { max: UPLOAD_MAX_MEGABYTES })}
        </p>
      )}
      {result && result.errorProducts.length > 0 && <NotFound numbers={result.errorProducts} />}
      <div className="qo-upload__actions">
        {/* While uploading the button keeps its focus (aria-disabled, not disabled) and ignores clicks. */}
        <button
          type="submit"
          className="button button--secondary"
          disabled={state.step === "idle" || (state.step === "failed" && state.file === null)}
          aria-disabled={uploading || undefined}
          aria-busy={uploading || undefined}
        >
          {t("customer.quickOrderUpload.upload")}
        </button>
        <button
          ref={addButton}
          type="button"
          className="button button--primary"
          disabled={!result || result.products.length === 0}
          onClick={() => result && onAdd(result)}
        >
          {t("customer.quickOrderUpload.add")}
        </button>
      </div>
    </>
  );
}

function foundText(t: Translate, count: number) {
  return count === 1 ? t("customer.quickOrderUpload.found.one") : t("customer.quickOrderUpload.found.other", { count });
}

function NotFound({ numbers }: { numbers: string[] }) {
  const { t } = useI18n();
  return (
    <div className="qo-upload__not-found">
      <p>{t("customer.quickOrderUpload.notFound", { count: numbers.length })}</p>
      <ul>
        {/* One number may be missing on several rows: the position tells them apart. */}
        {numbers.map((number, index) => (
          <li key={`${index}:${number}`}>{number}</li>
        ))}
      </ul>
    </div>
  );
}
