import { lazy, Suspense, useEffect, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { loadAnalyticsConfig } from "../server/analytics/config";
import { loadInfiniteScrollingConfig } from "../server/catalog/infinite-scrolling";
import { requestInfoContext, servicesContext } from "../server/request-context";
import type { Route } from "./+types/root";
import { AjaxModalHost } from "./features/ajax-modal/AjaxModalHost";
import { AnalyticsHost } from "./features/analytics/AnalyticsHost";
import { consentDefaultScript } from "./features/analytics/consent-mode";
import { CartWidget } from "./features/cart/CartWidget";
import type { FooterProps } from "./features/footer/Footer";
import { CookieConsentHost } from "./features/cookie-consent/CookieConsentHost";
import { ErrorPage } from "./features/page/ErrorPage";
import { useAccountSession, useAccountSessionRefresh } from "./features/header/account-session";
import { Header } from "./features/header/Header";
import { FlyoutNavigation } from "./features/navigation/FlyoutNavigation";
import { MobileMenu } from "./features/navigation/MobileMenu";
import { SearchWidget } from "./features/search/SearchWidget";
import { useWishlistHost } from "./features/wishlist/use-wishlist";
import { WishlistButton } from "./features/wishlist/WishlistButton";
import { WishlistCounter } from "./features/wishlist/WishlistCounter";
import { I18nProvider, PAGE_MESSAGES_LINK_ID, useI18n, usePageMessages } from "./i18n/i18n";
import { defaultLocale } from "../kernel/i18n/locales";
import { messagesFor } from "../kernel/i18n/messages.server";
import { INFINITE_SCROLLING_BODY_CLASS, INFINITE_SCROLLING_CONFIG_GLOBAL } from "../kernel/constants";
import { ROUTE_TABLE_ELEMENT_ID } from "./lib/routes";
import { hydrateLater } from "./ui/hydrate-later";
import { ProductActionContext } from "./ui/product-actions";
import { useRouteTable } from "./ui/use-route-path";
import { useVisitorPinger } from "./features/visitor-pinger/use-visitor-pinger";
import { VISITOR_TRACKING_ATTRIBUTE } from "../kernel/visitor-pinger";
import { storeTimezone } from "./lib/timezone";
import { useNonce } from "./nonce";
import "./styles/app.css";
import { SHARED_PAGE } from "../kernel/page-sharing";
import { PayPalSlotsProvider } from "./features/payment/paypal/PayPalSlots";
import { AmazonPaySlotsProvider } from "./features/payment/amazon-pay/AmazonPaySlots";
import { payPalBrowserConfig } from "./paypal-config.server";
// The footer's code loads later, its styles with the page: it must not shift once styled.
import "./features/footer/Footer.css";

/** Below the fold on every page: its code loads and hydrates when near the viewport or idle. */
const Footer = hydrateLater<FooterProps>(() => import("./features/footer/Footer").then((module) => module.Footer));

/** Hidden until the page is scrolled: its code need not hold up the first load. */
const BackToTop = lazy(() => import("./features/page/BackToTop").then((module) => ({ default: module.BackToTop })));

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { catalog, settings } = services;
  const { locale } = context.get(requestInfoContext);
  const texts = messagesFor(locale);
  const [navigation, infiniteScrolling, analytics] = await Promise.all([
    catalog.navigationTree(),
    loadInfiniteScrollingConfig(settings, {
      prev: { button: texts["infinite.previous"], navigation: texts["infinite.previousProgress"] },
      next: { button: texts["infinite.more"], navigation: texts["infinite.progress"] },
    }),
    loadAnalyticsConfig(settings),
    // The server renders the footer at once: its code must be there before the render.
    Footer.preload(),
  ]);
  return {
    locale,
    salesChannelId: catalog.channel.id,
    navigation,
    infiniteScrolling,
    analytics,
    consentModeScript: analytics ? consentDefaultScript() : null,
    // Shop-wide and public: express buttons and instalment banners (null: PayPal is off).
    paypal: payPalBrowserConfig(services, catalog.channel.currency),
    // Public as well: Amazon Pay's button options (null: Amazon Pay is off).
    amazonPay: services.payments.amazonPay?.checkout.browserConfig(catalog.channel.currency, locale) ?? null,
  };
}

/** The chrome's data changes only with the catalog: skip refetching it on every navigation. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

/** Every page's chrome; no loader here reads anything personal, so pages below may be shared (kernel/page-sharing.ts). */
export const handle = SHARED_PAGE;

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const routes = useRouteTable();
  const pageMessages = usePageMessages();
  const locale = data?.locale ?? defaultLocale;
  const { pathname } = useLocation();
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f2a44" />
        {pageMessages && (
          // The page texts, read by the browser entry before it hydrates: fetched alongside the scripts.
          <link id={PAGE_MESSAGES_LINK_ID} rel="preload" as="fetch" crossOrigin="anonymous" href={pageMessages.path} />
        )}
        {data?.consentModeScript && (
          // Consent Mode defaults before anything else runs; only in a shop with Google Analytics.
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: data.consentModeScript }} />
        )}
        <Meta />
        <Links />
      </head>
      <body
        className={data?.infiniteScrolling ? INFINITE_SCROLLING_BODY_CLASS : undefined}
        // The visitor pinger's URL (issue 26): the storefront's pages send it one GET per counted visit.
        {...{ [VISITOR_TRACKING_ATTRIBUTE]: routes?.["frontend.visitor.track"] }}
      >
        {data?.infiniteScrolling && (
          <script
            nonce={nonce}
            // The shop's own settings, with "<" escaped so no text can close the script element.
            dangerouslySetInnerHTML={{
              __html: `window.${INFINITE_SCROLLING_CONFIG_GLOBAL} = ${JSON.stringify(data.infiniteScrolling).replaceAll("<", "\\u003c")};`,
            }}
          />
        )}
        <I18nProvider locale={locale} messages={pageMessages?.messages}>
          {isConsolePath(pathname, routes?.["admin.home.page"]) ? (
            // The operator console has its own frame (app/features/admin): no shop header, cart or cookie bar.
            children
          ) : (
            <PayPalSlotsProvider config={data?.paypal ?? null}>
              <AmazonPaySlotsProvider config={data?.amazonPay ?? null}>
                <Chrome navigation={data?.navigation ?? []}>{children}</Chrome>
              </AmazonPaySlotsProvider>
            </PayPalSlotsProvider>
          )}
          {data && <AnalyticsHost config={data.analytics} salesChannelId={data.salesChannelId} />}
        </I18nProvider>
        {routes && (
          <script
            type="application/json"
            id={ROUTE_TABLE_ELEMENT_ID}
            // The table is static data, never user input.
            dangerouslySetInnerHTML={{ __html: JSON.stringify(routes) }}
          />
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Chrome({ navigation, children }: { navigation: Route.ComponentProps["loaderData"]["navigation"]; children: ReactNode }) {
  const { t } = useI18n();
  useEffect(() => storeTimezone(), []);
  useAccountSessionRefresh();
  const session = useAccountSession();
  useWishlistHost(session?.loggedIn);
  useVisitorPinger();
  return (
    <ProductActionContext value={WishlistButton}>
      <a className="skip-link" href="#content">
        {t("header.skipToContent")}
      </a>
      <Header
        navigation={<FlyoutNavigation navigation={navigation} />}
        mobileMenu={<MobileMenu navigation={navigation} />}
        search={<SearchWidget />}
        wishlist={<WishlistCounter />}
        cart={<CartWidget />}
        session={session}
      />
      <main id="content" tabIndex={-1}>
        {children}
      </main>
      <Footer navigation={navigation} />
      <Suspense fallback={null}>
        <BackToTop />
      </Suspense>
      <CookieConsentHost />
      <AjaxModalHost />
    </ProductActionContext>
  );
}

/**
 * The operator console's paths (`/admin`, `/admin/…`), from the page's route table: importing the table
 * itself would put every route's path into every page's JavaScript.
 */
const isConsolePath = (pathname: string, consoleHome: string | undefined) => !!consoleHome && (pathname === consoleHome || pathname.startsWith(`${consoleHome}/`));

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} message={typeof error.data === "string" ? error.data : undefined} />;
  if (import.meta.env.DEV) console.error(error);
  return <ErrorPage status={500} />;
}
