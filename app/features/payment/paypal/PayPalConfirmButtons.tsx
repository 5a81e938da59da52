import { Component, useEffect, useMemo, useRef, type ReactNode, type RefObject } from "react";
import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from "@paypal/react-paypal-js";
import type { FUNDING_SOURCE, OnApproveData, OnClickActions } from "@paypal/paypal-js";
import type { PayPalBrowserConfig, PayPalErrorCode } from "../../../../kernel/paypal";
import { useI18n } from "../../../i18n/i18n";
import { confirmFormReady, createOrderFromForm, submitWithPayPalOrder } from "./confirm-form";
import { reportPayPalError } from "./handle-error";
import { scriptOptions } from "./script-options";
import { TestDoubleNotice } from "./TestDoubleNotice";

export interface PayPalConfirmButtonsProps {
  config: PayPalBrowserConfig;
  /** The funding source of the chosen method: its button replaces Submit order (CONTRACT §5). */
  fundingSource: "paypal" | "paylater" | "sepa" | "venmo";
  /** `create_order`'s product (reference §2.1): `spb` for the PayPal buttons, `venmo` for Venmo. */
  product: "spb" | "venmo";
  /** The confirm form: checked before PayPal opens (spec §5), submitted with the approved order. */
  form: RefObject<HTMLFormElement | null>;
  /** The shopper cancelled in PayPal's window; without it, spec §8's USER_CANCELLED reloads the confirm page with the message. */
  onCancel?: () => void;
}

/** Button colours of the reference: PayPal and Pay Later gold, SEPA silver, Venmo blue. */
const COLOR = { paypal: "gold", paylater: "gold", sepa: "silver", venmo: "blue" } as const;

/**
 * The smart payment button of the chosen PayPal method on the confirm page (reference §2.1): a click
 * with an invalid form marks its fields and goes no further; otherwise the PayPal order is made from
 * the form (the server takes the amount from the cart), and the approved order submits the form.
 */
export default function PayPalConfirmButtons(props: PayPalConfirmButtonsProps) {
  const { locale } = useI18n();
  const options = useMemo(() => scriptOptions(props.config, { language: locale }), [props.config, locale]);
  return (
    <div className="paypal-payment">
      {props.config.testDouble && <TestDoubleNotice />}
      <ScriptErrors>
        <PayPalScriptProvider options={options}>
          <ScriptState />
          <FundingButton {...props} />
        </PayPalScriptProvider>
      </ScriptErrors>
    </div>
  );
}

function FundingButton({ fundingSource, product, form, onCancel }: PayPalConfirmButtonsProps) {

  // An invalid form (the terms unticked) is marked by its own submit handler, and PayPal does not open.
  const onClick = (_data: unknown, actions: OnClickActions) => (confirmFormReady(form.current) ? actions.resolve() : actions.reject());

  const createOrder = () => createOrderFromForm(form.current, product);

  const onApprove = async (data: OnApproveData) => {
    if (form.current) submitWithPayPalOrder(form.current, data.orderID);
  };

  return (
    <PayPalButtons
      fundingSource={fundingSource as FUNDING_SOURCE}
      style={{ label: "pay", color: COLOR[fundingSource], layout: "vertical", height: 48 }}
      onClick={onClick}
      createOrder={createOrder}
      onApprove={onApprove}
      onCancel={onCancel ?? (() => void reportPayPalError("USER_CANCELLED", "cancelled by the buyer"))}
      onError={(error) => void reportPayPalError("GENERIC_ERROR", error)}
    >
      <NotEligible />
    </PayPalButtons>
  );
}

/** Rendered by PayPalButtons when the funding source is not eligible: a fatal NOT_ELIGIBLE (spec §4). */
function NotEligible() {
  useReportOnce("NOT_ELIGIBLE", "The funding source is not eligible", true);
  return null;
}

/** A script that could not load is SCRIPT_NOT_LOADED (spec §8). */
function ScriptState() {
  const [{ isRejected }] = usePayPalScriptReducer();
  return isRejected ? <ReportOnce code="SCRIPT_NOT_LOADED" error="PayPal's script did not load" fatal={false} /> : null;
}

function ReportOnce({ code, error, fatal }: { code: PayPalErrorCode; error: string; fatal: boolean }) {
  useReportOnce(code, error, fatal);
  return null;
}

function useReportOnce(code: PayPalErrorCode, error: string, fatal: boolean) {
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current) return;
    reported.current = true;
    void reportPayPalError(code, error, fatal);
  }, [code, error, fatal]);
}

/** PayPalButtons throws during render when the SDK fails to draw: a SCRIPT_ERROR (spec §8). */
class ScriptErrors extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error) return <ReportOnce code="SCRIPT_ERROR" error={String(this.state.error)} fatal={false} />;
    return this.props.children;
  }
}
