import { useEffect, useId, useRef, useState } from "react";
import type { QuickOrderUploadResult } from "../../../../../kernel/quick-order";
import { useI18n } from "../../../../i18n/i18n";
import { chosenQuantities, DEFAULT_QUANTITY_CHOICE, type DuplicateLine, type QuantityChoice } from "./csv-upload";

interface DuplicateComparisonProps {
  result: QuickOrderUploadResult;
  duplicates: DuplicateLine[];
  /** The quantity per product number of the whole upload, duplicates as chosen. */
  onApply(quantities: Record<string, number>): void;
}

const CHOICES = ["manual", "csv", "combined"] as const satisfies readonly QuantityChoice[];

/**
 * Spec §4: the uploaded products the list holds already, their list (manual), CSV and combined
 * quantities, and per product which one to keep (Manual unless chosen otherwise); **Apply** takes them.
 */
export function DuplicateComparison({ result, duplicates, onApply }: DuplicateComparisonProps) {
  const { t } = useI18n();
  const [choices, setChoices] = useState<Record<string, QuantityChoice>>({});
  const table = useRef<HTMLTableElement>(null);
  // The upload form this replaces had the focus: hand it to the table, whose caption says what it is.
  useEffect(() => table.current?.focus(), []);
  const label = (choice: QuantityChoice) => t(`customer.quickOrderUpload.compare.${choice}`);
  return (
    <div className="qo-upload__compare">
      <p className="qo-upload__lead">{t("customer.quickOrderUpload.compare.lead")}</p>
      <div className="qo-compare__wrap">
        <table ref={table} tabIndex={-1} className="qo-compare">
          <caption>{t("customer.quickOrderUpload.compare.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("customer.quickOrderUpload.compare.product")}</th>
              {CHOICES.map((choice) => (
                <th key={choice} scope="col" className="qo-compare__quantity">
                  {label(choice)}
                </th>
              ))}
              <th scope="col">{t("customer.quickOrderUpload.compare.use")}</th>
            </tr>
          </thead>
          <tbody>
            {duplicates.map((line) => (
              <DuplicateRow
                key={line.product.productNumber}
                line={line}
                choice={choices[line.product.productNumber] ?? DEFAULT_QUANTITY_CHOICE}
                label={label}
                onChoose={(choice) => setChoices((current) => ({ ...current, [line.product.productNumber]: choice }))}
              />
            ))}
          </tbody>
        </table>
      </div>
      <div className="qo-upload__actions">
        <button type="button" className="button button--primary" onClick={() => onApply(chosenQuantities(result, duplicates, choices))}>
          {t("customer.quickOrderUpload.apply")}
        </button>
      </div>
    </div>
  );
}

interface DuplicateRowProps {
  line: DuplicateLine;
  choice: QuantityChoice;
  label(choice: QuantityChoice): string;
  onChoose(choice: QuantityChoice): void;
}

function DuplicateRow({ line, choice, label, onChoose }: DuplicateRowProps) {
  const { t } = useI18n();
  const name = useId();
  const { product } = line;
  return (
    <tr>
      <th scope="row" className="qo-compare__product">
        <span className="qo-compare__name">{product.name}</span>
        <span className="qo-compare__number">{t("customer.quickOrderUpload.compare.number", { number: product.productNumber })}</span>
      </th>
      {CHOICES.map((kind) => (
        <td key={kind} className="qo-compare__quantity">
          {/* Phones show the rows as cards without the header row: each number says what it is there. */}
          <span className="qo-compare__label" aria-hidden="true">
            {label(kind)}:{" "}
          </span>
          {line[kind]}
        </td>
      ))}
      <td>
        <div role="radiogroup" aria-label={product.name} className="qo-compare__choices">
          {CHOICES.map((kind) => (
            <label key={kind} className="qo-compare__choice">
              <input type="radio" name={name} value={kind} checked={choice === kind} onChange={() => onChoose(kind)} />
              {label(kind)}
            </label>
          ))}
        </div>
      </td>
    </tr>
  );
}
