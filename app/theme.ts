import { t } from "./lib/messages";
import {
  DEFAULT_THEME,
  convertCssVariables,
  createTheme,
  deepMerge,
  defaultCssVariablesResolver,
  em,
  keys,
  mergeMantineTheme,
  px,
  type ConvertCSSVariablesInput,
  type MantineColorsTuple,
} from "@mantine/core";

/** Primary #883943 (index 6) and accent #164E55 with lighter and darker shades. */
const brand: MantineColorsTuple = [
  "#fbeef0",
  "#f0d6da",
  "#e0aab2",
  "#cf7b88",
  "#bf5565",
  "#a8434f",
  "#883943",
  "#73303a",
  "#5e2730",
  "#481d24",
];
const accent: MantineColorsTuple = [
  "#e8f4f5",
  "#cce3e6",
  "#9bc6cb",
  "#67a7ae",
  "#3f8c94",
  "#26737b",
  "#164e55",
  "#12434a",
  "#0e373d",
  "#0a2b30",
];

/**
 * The font stacks: the web font, then local fonts resized to its metrics (app/styles/font-fallbacks.css),
 * so text painted before the web font arrives takes the same room.
 */
const BODY_FONT =
  "Montserrat, 'Montserrat Fallback: Arial', 'Montserrat Fallback: Roboto', system-ui, -apple-system, 'Segoe UI', sans-serif";
const HEADING_FONT =
  "'Playfair Display', 'Playfair Display Fallback: Georgia', 'Playfair Display Fallback: Times New Roman', 'Playfair Display Fallback: Noto Serif', Georgia, serif";

export const theme = createTheme({
  primaryColor: "brand",
  primaryShade: 6,
  colors: { brand, accent },
  fontFamily: BODY_FONT,
  headings: { fontFamily: HEADING_FONT, fontWeight: "600" },
  defaultRadius: "md",
  black: "#2b1d20",
  components: {
    Button: { defaultProps: { radius: "xl" } },
    Modal: { defaultProps: { size: 500, centered: true, closeButtonProps: { "aria-label": t("app.closeDialog") } } },
    Alert: { defaultProps: { closeButtonLabel: t("app.closeNotice") } },
    Notification: { defaultProps: { closeButtonProps: { "aria-label": t("app.closeNotice") } } },
    // Mantine's own labels are English: every one a user can hear is set here in Spanish.
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { "aria-label": t("app.togglePassword") } } },
  },
});

/** Texts that read on their background (WCAG AA 4.5:1) where Mantine's defaults do not. */
const cssVariablesResolver = () => ({
  variables: {},
  // Placeholders too: the date pickers draw theirs as text, which must read at 4.5:1.
  light: {
    "--mantine-color-error": "#c92a2a",
    "--mantine-color-dimmed": "#5f666d",
    "--mantine-color-placeholder": "#6b7178",
    // The text of light yellow and orange notices (an alert's title, a badge) on their pale
    // backgrounds: Mantine's yellow.9 and orange.9 read at 2.7:1, these at 5.7:1 or more.
    "--mantine-color-yellow-light-color": "#8a5300",
    "--mantine-color-orange-light-color": "#a33f06",
  },
  dark: {},
});

/**
 * The theme's CSS variables, computed once per process instead of on every render (MantineProvider
 * does it per render unless `withCssVariables={false}`; it was 15 % of a bare page's server time).
 * Same result as Mantine's own: the merged theme's variables plus ours, minus the ones equal to
 * Mantine's defaults (those come with `default-css-variables.css`). root.tsx writes it in <head>.
 */
function computeThemeCss() {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const all = deepMerge(defaultCssVariablesResolver(merged), cssVariablesResolver()) as ConvertCSSVariablesInput;
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const strip = (input: Record<string, string>, base: Record<string, string>) =>
    Object.fromEntries(Object.entries(input).filter(([k, v]) => base[k] !== v));
  // `:root:root` outranks the defaults of default-css-variables.css whatever the order of the two
  // in <head> (in development Vite appends the stylesheets after this one).
  return convertCssVariables(
    {
      variables: strip(all.variables, defaults.variables),
      light: strip(all.light, defaults.light),
      dark: strip(all.dark, defaults.dark),
    },
    ":root:root",
  );
}
export const themeCssVariables = computeThemeCss();

/**
 * Mantine's `hiddenFrom`/`visibleFrom` rules, once per process: the same text as MantineProvider's
 * <MantineClasses>, which rebuilds it on every render unless `withGlobalClasses={false}` (~1 % of a
 * back-office page's server time). root.tsx writes it in <head>.
 */
function computeGlobalClasses() {
  const { breakpoints } = mergeMantineTheme(DEFAULT_THEME, theme);
  return keys(breakpoints).reduce((acc, breakpoint) => {
    const isPx = breakpoints[breakpoint].includes("px");
    const value = px(breakpoints[breakpoint]) as number;
    return `${acc}@media (max-width: ${isPx ? `${value - 0.1}px` : em(value - 0.1)}) {.mantine-visible-from-${breakpoint} {display: none !important;}}@media (min-width: ${isPx ? `${value}px` : em(value)}) {.mantine-hidden-from-${breakpoint} {display: none !important;}}`;
  }, "");
}
// Server only: the browser keeps the server's <style> (the code stays out of its bundle).
export const themeGlobalClasses = import.meta.env.SSR ? computeGlobalClasses() : "";
