import type { AppConfig } from "./config.server";
import { createCaptchaService, type CaptchaService } from "./captcha/service";
import { createCartService } from "./cart/service";
import type { CartService } from "./cart/service-types";
import { createCatalog, type Catalog, type SalesChannelContext } from "./catalog/service";
import { salesChannel } from "./catalog/tables";
import { loadCreditsHtml } from "./content/credits";
import { createContactService, type ContactService } from "./contact/service";
import type { B2bService } from "./b2b/api";
import { createB2bService } from "./b2b/service";
import { createAiSearch, type AiSearchService } from "./ai-search/service";
import { aiSearchModel, imageSearchVision } from "./ai-search/model-connection";
import { createRateLimiter, type RateLimiter } from "./rate-limit/limiter";
import { createImageSearch, type ImageSearchService } from "./ai-search/image-search";
import { createApprovalService, type ApprovalService } from "./b2b/approvals/service";
import { createQuoteService } from "./b2b/quotes/service";
import type { QuoteService } from "./b2b/quotes/types";
import { createAccountService, type AccountService } from "./customer/account";
import { createAddressBookService, type AddressBookService } from "./customer/addresses";
import { createCustomerService, type CustomerService } from "./customer/service";
import { routeNames } from "../kernel/route-names";
import type { Database, DatabaseHandle } from "./db/client";
import type { Logger } from "./logger";
import { createMailer } from "./mail/mailer";
import { createOrderService } from "./order/service";
import { createEligibilityService, type EligibilityService } from "./eligibility/service";
import type { OrderService } from "./order/service-types";
import { createShopInfoService, type ShopInfoService } from "./shop-info/service";
import { createShopSettings, type ShopSettings } from "./settings/service";
import { createWishlistService, type WishlistService } from "./wishlist/service";
import { createReviewService, type ReviewService } from "./reviews/service";
import { createTranslationProvider } from "./translation/providers";
import { createReviewTranslationService, type ReviewTranslationService } from "./translation/service";
import { createPostgresSearch } from "./search/postgres";
import type { SearchService } from "./search/service";
import { createPageCache, type PageCache } from "./cache/page-cache";
import { PAGE_CACHE_TTL_SECONDS } from "./http/cache-control";
import { AMAZON_PAY_PROVIDER_METHODS, PAYPAL_PROVIDER_METHODS } from "./payment/methods";
import { NO_PAYMENT_PROVIDERS, type PaymentProviders } from "./payment/providers";
import { createPaymentCheckoutStore, ensureProviderMethods, paymentAvailability, type PaymentCheckoutStore } from "./payment/service";
import { createPayPalCheckout, type PayPalCheckout, type PayPalConnection } from "./payment/paypal/checkout";
import { createPaymentOperations, type PaymentOperations } from "./payment/operations";
import { createPayPalProvider } from "./payment/paypal/provider";
import { createAmazonPayCheckout, type AmazonPayCheckout } from "./payment/amazon-pay/checkout";
import type { AmazonPayConnection } from "./payment/amazon-pay/connection";
import { createAmazonPayProvider, isAmazonLedgerCurrency } from "./payment/amazon-pay/provider";
import { createOperatorService, type OperatorService } from "./operator/service";
import type { PaymentProviderName } from "./payment/types";
import { createVisitorStats, type VisitorStats } from "./visitor-stats/service";
import { createBlacklistService, type BlacklistService } from "./blacklist/service";

export interface AppServices {
  config: AppConfig;
  logger: Logger;
  database: DatabaseHandle;
  db: Database;
  catalog: Catalog;
  /** The product search: the search page, its listing widgets and the live suggest. */
  search: SearchService;
  cart: CartService;
  orders: OrderService;
  customers: CustomerService;
  /** Shipping and payment information of the tax-info links. */
  shopInfo: ShopInfoService;
  contact: ContactService;
  /** Profile, email and password changes, and password reset by mail. */
  accounts: AccountService;
  /** The customers' address books (account pages and the address editor). */
  addresses: AddressBookService;
  /** The sales channel's shop settings (captcha switches, …). */
  settings: ShopSettings;
  captcha: CaptchaService;
  /** Customers' wishlists on the server, and the guest wishlist page's product boxes. */
  wishlist: WishlistService;
  /** Business partners, their employees and roles (issue 23). */
  b2b: B2bService;
  /** B2B quotes: requested from the cart, answered in the operator console, ordered at the quoted prices (issue 24). */
  quotes: QuoteService;
  /** B2B approval rules and the pending orders they hold (issue 24). */
  approvals: ApprovalService;
  /** The shop's one rate limiter in the database: the endpoints' request limits (server/http/rate-limit.ts). */
  rateLimiter: RateLimiter;
  /** AI search: a description → searches with reasons, each with its products (issue 25). */
  aiSearch: AiSearchService;
  /** Image search: a photo → AI search terms naming the products it shows (issue 25). */
  imageSearch: ImageSearchService;
  /** The eligibility check at checkout: the shopper's choice, proofs and the operators' decisions (issue 26). */
  eligibility: EligibilityService;
  /** Customers' reviews: writing and moderation. */
  reviews: ReviewService;
  /** Machine translation of reviews; null when no translation service is configured (the button is hidden). */
  reviewTranslation: ReviewTranslationService | null;
  /** The image and model credits page's content (HTML), read once. */
  creditsHtml(): Promise<string>;
  /** Shared pages, rendered once per language (server/http/page-cache.ts); null when switched off. */
  pageCache: PageCache | null;
  payments: PaymentServices;
  /** The operator console's accounts, sessions and audit log. */
  operators: OperatorService;
  /** The visitor pinger's counts per day and page (issue 26). */
  visitorStats: VisitorStats;
  /** Words shoppers may not use in name and address fields (issue 26 point 1). */
  blacklist: BlacklistService;
}

/** Payments beyond the shop's own methods (docs/decisions/0030). */
export interface PaymentServices {
  /** A cart's provider state: methods ruled out, an express order, the notice of a failed attempt. */
  checkout: PaymentCheckoutStore;
  /** Null when PayPal is switched off. */
  paypal: { checkout: PayPalCheckout; connection: PayPalConnection } | null;
  /** Null when Amazon Pay is switched off. */
  amazonPay: { checkout: AmazonPayCheckout; connection: AmazonPayConnection } | null;
  /** Capture, refund, cancel and status sync of any method's payment. */
  operations: PaymentOperations;
}

export async function loadSalesChannel(db: Database): Promise<SalesChannelContext> {
  const [channel] = await db
    .select({ id: salesChannel.id, name: salesChannel.name, currency: salesChannel.currency })
    .from(salesChannel)
    .orderBy(salesChannel.createdAt)
    .limit(1);
  if (!channel) throw new Error("No sales channel: import the demo catalog first (npm run db:reset).");
  return channel;
}

/**
 * The app's services. `providers` are the payment providers connected at start-up (main.ts); without
 * them only the shop's own payment methods are offered.
 */
export async function createServices(
  config: AppConfig,
  logger: Logger,
  database: DatabaseHandle,
  providers: PaymentProviders = NO_PAYMENT_PROVIDERS,
): Promise<AppServices> {
  const channel = await loadSalesChannel(database.db);
  let credits: Promise<string> | undefined;
  const creditsHtml = () => {
    credits ??= loadCreditsHtml();
    credits.catch(() => (credits = undefined));
    return credits;
  };
  const db = database.db;
  // Amazon Pay keeps EUR, GBP, USD and JPY accounts only: a shop in another currency does not offer it.
  const amazonConnection = providers.amazonPay && isAmazonLedgerCurrency(channel.currency) ? providers.amazonPay : null;
  if (providers.amazonPay && !amazonConnection) logger.warn("amazon pay: not offered, Amazon Pay does not take the shop's currency", { currency: channel.currency });
  const configuredProviders = new Set<PaymentProviderName>([...(providers.paypal ? ["paypal" as const] : []), ...(amazonConnection ? ["amazon_pay" as const] : [])]);
  if (providers.paypal) await ensureProviderMethods(db, PAYPAL_PROVIDER_METHODS);
  if (amazonConnection) await ensureProviderMethods(db, AMAZON_PAY_PROVIDER_METHODS);
  const cart = createCartService(db, channel, { paymentAvailable: paymentAvailability(configuredProviders) });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, mailDir: config.mailDir, from: config.mailFrom, logger });
  const quotes = createQuoteService({ db, channel });
  const orders = createOrderService({ db, channel, cart, mailer, logger });
  const blacklist = createBlacklistService(db, channel);
  const customers = createCustomerService(db, channel, { registrationsPerIpPerHour: config.registrationsPerIpPerHour, blacklist });
  const shopInfo = createShopInfoService(db, channel);
  const settings = createShopSettings(db, channel, logger);
  const captcha = createCaptchaService({ db, settings, secret: config.sessionSecret, provider: config.captchaProvider, fixedCode: config.captchaFixedCode, logger });
  const contact = createContactService({ db, channel, captcha, mailer, logger, shopAddress: config.mailFrom });
  const accounts = createAccountService({
    db,
    channel,
    mailer,
    logger,
    appUrl: config.appUrl,
    resetPath: routeNames["frontend.account.recover.password.page"],
    blacklist,
  });
  const addresses = createAddressBookService(db, channel, customers.countries, blacklist);
  const wishlist = createWishlistService(db, channel);
  const reviews = createReviewService(db);
  const translationProvider = createTranslationProvider(config.translationProvider);
  if (translationProvider) {
    const target = config.translationProvider && "url" in config.translationProvider ? config.translationProvider.url : undefined;
    // The browser tests and the offline demo use the LibreTranslate double on this machine: say so.
    if (target && /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(target)) {
      logger.warn("review translation: a LibreTranslate on this machine (the test double?)", { url: target });
    } else logger.info("review translation", { provider: translationProvider.id });
  }
  const reviewTranslation = translationProvider ? createReviewTranslationService(db, translationProvider, logger) : null;
  const catalog = createCatalog(db, channel);
  const operations = createPaymentOperations({
    db,
    providers: [...(providers.paypal ? [createPayPalProvider(providers.paypal.client)] : []), ...(providers.amazonPay ? [createAmazonPayProvider(providers.amazonPay.client)] : [])],
    logger,
  });
  const payments: PaymentServices = {
    checkout: createPaymentCheckoutStore(db, channel),
    paypal: providers.paypal
      ? {
          connection: providers.paypal,
          checkout: createPayPalCheckout({ db, channel, cart, orders, connection: providers.paypal, logger, brandName: channel.name }),
        }
      : null,
    amazonPay: amazonConnection
      ? {
          connection: amazonConnection,
          checkout: createAmazonPayCheckout({
            db,
            channel,
            carts: cart,
            orders,
            customers,
            addresses,
            connection: amazonConnection,
            operations,
            logger,
            appUrl: config.appUrl,
            sessionSecret: config.sessionSecret,
            brandName: channel.name,
          }),
        }
      : null,
    operations,
  };
  const aiSearch = createAiSearch({ db, catalog, model: aiSearchModel(config.aiSearch, logger) });
  return {
    config, logger, database, db, catalog, search: createPostgresSearch(db, catalog), cart, orders, customers, accounts, contact, addresses, shopInfo, settings, captcha, wishlist,
    reviews, reviewTranslation, creditsHtml,
    b2b: createB2bService({ db, channel, mailer, logger, appUrl: config.appUrl }),
    quotes,
    approvals: createApprovalService({ db, channel, cart, orders, mailer, logger, appUrl: config.appUrl }),
    rateLimiter: createRateLimiter(db),
    aiSearch,
    imageSearch: createImageSearch({ db, aiSearch, vision: imageSearchVision(config, logger) }),
    eligibility: createEligibilityService({ db, channel, proofDir: config.eligibilityProofDir }),
    pageCache: config.pageCacheBytes > 0 ? createPageCache({ maxBytes: config.pageCacheBytes, ttlMs: PAGE_CACHE_TTL_SECONDS * 1000 }) : null,
    payments,
    operators: createOperatorService(db),
    visitorStats: createVisitorStats(db),
    blacklist,
  };
}

