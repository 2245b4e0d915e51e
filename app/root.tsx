// Mantine's global rules only; each component's stylesheet is imported by the modules that use it
// (tools/vite-mantine-css.ts), so a page loads the styles of the components it renders.
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
// Latin subset only (Spanish needs nothing else), font-display: swap.
import "@fontsource/montserrat/latin-400.css";
import "@fontsource/montserrat/latin-500.css";
import "@fontsource/montserrat/latin-600.css";
import "@fontsource/montserrat/latin-700.css";
import "@fontsource/playfair-display/latin-500.css";
import "@fontsource/playfair-display/latin-600.css";
// Local fallbacks sized like them: no shift when they arrive.
import "./styles/font-fallbacks.css";
import "./styles/global.css";
import montserrat400 from "@fontsource/montserrat/files/montserrat-latin-400-normal.woff2?url";
import playfair600 from "@fontsource/playfair-display/files/playfair-display-latin-600-normal.woff2?url";
import errorClasses from "./styles/error-page.module.css";

import {
  Anchor,
  Button,
  ColorSchemeScript,
  MantineProvider,
  Stack,
  Text,
  Title,
  mantineHtmlProps,
} from "@mantine/core";
import { useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { LazyNotifications } from "./components/LazyNotifications";
import { RouterScripts } from "./components/RouterScripts";
import { TopProgress } from "./components/TopProgress";
import { UiProvider } from "./lib/app-state";
import { t } from "./lib/messages";
import { localePath } from "./lib/routes";
import { errorStatus, isChunkLoadError, reloadOnceAMinute } from "./lib/errors";
import { theme, themeCssVariables, themeGlobalClasses } from "./theme";
import { useNonce } from "./lib/nonce";
import { LIVE_EVENT } from "./lib/hydration";
import { loadRootData } from "./.server/pages/root";

export const links: Route.LinksFunction = () => [
  // The body text and heading fonts start loading with the document, not after the CSS.
  { rel: "preload", href: montserrat400, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: playfair600, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return loadRootData(context);
}

/** The root reloads after actions and explicit revalidations (login, city choice), not on every link. */
export function shouldRevalidate({
  defaultShouldRevalidate,
  formMethod,
  currentUrl,
  nextUrl,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return true;
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search) return defaultShouldRevalidate;
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The page is live (hydrated): its scripts start after the first paint (app/.server/http/head-order.ts),
  // so the browser's load event can come first; the end-to-end tests wait for this mark.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
    document.dispatchEvent(new Event(LIVE_EVENT));
  }, []);
  return (
    <html lang="es-MX" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#883943" />
        <Meta />
        <Links />
        <ColorSchemeScript defaultColorScheme="light" nonce={nonce} />
        <style data-mantine-styles dangerouslySetInnerHTML={{ __html: themeCssVariables }} />
        <style
          data-mantine-styles="classes"
          dangerouslySetInnerHTML={{ __html: themeGlobalClasses }}
          suppressHydrationWarning
        />
      </head>
      <body>
        <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
          <LazyNotifications position="top-center" limit={1} autoClose={5000} zIndex={4000} />
          <TopProgress />
          {children}
        </MantineProvider>
        <ScrollRestoration nonce={nonce} />
        <RouterScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <UiProvider>
      <Outlet />
    </UiProvider>
  );
}

export function meta() {
  return [{ title: t("app.metaTitle") }, { name: "description", content: t("app.metaDescription") }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  const status = errorStatus(error);
  const notFound = status === 404;
  useEffect(() => {
    if (isChunkLoadError(error)) reloadOnceAMinute();
  }, [error]);
  if (!notFound && typeof console !== "undefined") console.error(error);
  const home = localePath("/", pathname);
  return (
    <main className={errorClasses.page}>
      <a href={home} className={errorClasses.logo}>
        <img src="/images/logo.svg" alt={t("app.name")} width={445} height={80} />
      </a>
      <div className={errorClasses.card}>
        <div className={errorClasses.arch} aria-hidden />
        <Stack align="center" gap="md" ta="center" pos="relative">
          <Title order={1} className={errorClasses.status}>
            {status ?? t("app.error")}
          </Title>
          <Text size="lg" className={errorClasses.message}>
            {notFound
              ? t("app.notFound")
              : isRouteErrorResponse(error) && error.statusText
                ? error.statusText
                : t("errors.internal")}
          </Text>
          {notFound ? (
            <Button component="a" href={home} size="lg" className={errorClasses.button}>
              {t("app.backHome")}
            </Button>
          ) : (
            <Anchor href={home} className={errorClasses.link}>
              {t("app.backHome")}
            </Anchor>
          )}
        </Stack>
      </div>
    </main>
  );
}
