import type { KeyObject } from "node:crypto";
import type { AmazonPayIntent } from "../../config.server";
import type { AmazonPayClient, AmazonPayRegion } from "./client";

/** How the shop reaches Amazon Pay at run time: the API client, the merchant's keys, and whether it is the local test double. */
export interface AmazonPayConnection {
  client: AmazonPayClient;
  merchantId: string;
  storeId: string;
  publicKeyId: string;
  /** Signs the button payloads (the API requests are signed inside the client). */
  privateKey: KeyObject;
  region: AmazonPayRegion;
  /** Amazon's sandbox (the double is one): the button gets `sandbox: true`. */
  sandbox: boolean;
  intent: AmazonPayIntent;
  /** The local test double: no money moves, and the shop says so. */
  testDouble: boolean;
  /** `checkout.js`: Amazon's for the region, or the double's stand-in. */
  checkoutScriptUrl: string;
  /** The double's origin: its IPN signing certificate is trusted although it is not on sns.*.amazonaws.com. */
  doubleOrigin?: string;
}
