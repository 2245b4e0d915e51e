import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import type { CurrentUser } from "~/shared/types/user";
import { api, type ApiData } from "./api";
import type { homeStudioAnswer } from "~/shared/schemas/answers";

/** Browser-safe shapes of the root loader's answer (spec §3 global state). */
export interface CityOption {
  id: number;
  name: string;
  suffix: string;
}
interface StudioOption {
  id: number;
  city_id: number;
  name: string;
  address: string;
  phone: string;
  active: boolean;
  is_external: boolean;
  is_marketplace: boolean;
  image_url: string | null;
  description: string;
}
/** The logged-in user of spec §3, as the root loader sends it. */
export type SessionUser = CurrentUser;

export interface RootData {
  configurations: Record<string, unknown>;
  cities: CityOption[];
  studios: StudioOption[];
  city: number | null;
  studio: number | null;
  user: SessionUser | null;
  blockInspector: boolean;
  /** Stripe's publishable key when Stripe is the card gateway (the checkout then loads Stripe.js); null with the sandbox. */
  stripeKey: string | null;
}

const CITY_COOKIE = "city";
const STUDIO_COOKIE = "studio";
const YEAR = 365 * 86_400;

const EMPTY_ROOT: RootData = {
  configurations: {},
  cities: [],
  studios: [],
  city: null,
  studio: null,
  user: null,
  blockInspector: false,
  stripeKey: null,
};

/**
 * The root loader's data. After the session ended in the browser (an expired token), the user the
 * page was rendered with is no longer shown: the navbar and the shell read "nobody" until the root
 * loader runs again (a new login, or the guard of the page the visitor stays on).
 */
export function useRootData(): RootData {
  const d = (useRouteLoaderData("root") as RootData | undefined) ?? EMPTY_ROOT;
  const endedUser = useContext(UiContext)?.endedUser ?? null;
  return useMemo(() => (d.user && d.user === endedUser ? { ...d, user: null } : d), [d, endedUser]);
}

export function config<T>(data: RootData, key: string, fallback: T): T {
  const v = data.configurations[key];
  return v === undefined || v === null ? fallback : (v as T);
}

function writeCookie(name: string, value: number | null) {
  document.cookie =
    value === null
      ? `${name}=; Path=/; Max-Age=0; SameSite=Lax`
      : `${name}=${value}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
}

type DialogName = "login" | "register" | "reset" | "sideCheckout";

interface UiState {
  dialogs: Record<DialogName, boolean>;
  openDialog(name: DialogName): void;
  closeDialogs(): void;
  /** What to do after a successful login/register: a route to go to. */
  authCallback: string | null;
  setAuthCallback(path: string | null): void;
  menuOpen: boolean;
  setMenuOpen(open: boolean): void;
  /** The user whose session ended in this page (token expired): shown as logged out from then on. */
  endedUser: SessionUser | null;
  endSession(user: SessionUser | null): void;
}

const UiContext = createContext<UiState | null>(null);

export function UiProvider({ children }: { children: ReactNode }) {
  const [dialogs, setDialogs] = useState<Record<DialogName, boolean>>({
    login: false,
    register: false,
    reset: false,
    sideCheckout: false,
  });
  const [authCallback, setAuthCallback] = useState<string | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [endedUser, endSession] = useState<SessionUser | null>(null);
  const value = useMemo<UiState>(
    () => ({
      dialogs,
      openDialog: (name) =>
        setDialogs({ login: false, register: false, reset: false, sideCheckout: false, [name]: true }),
      closeDialogs: () => setDialogs({ login: false, register: false, reset: false, sideCheckout: false }),
      authCallback,
      setAuthCallback,
      menuOpen,
      setMenuOpen,
      endedUser,
      endSession,
    }),
    [dialogs, authCallback, menuOpen, endedUser],
  );
  return <UiContext.Provider value={value}>{children}</UiContext.Provider>;
}

export function useUi() {
  const ctx = useContext(UiContext);
  if (!ctx) throw new Error("useUi outside UiProvider");
  return ctx;
}

/**
 * Choosing a city resets the studio and reloads the studios (spec §4). Both are remembered in the
 * browser; a logged-in customer's studio is also kept on the account (the home studio, adopted at
 * their next login on any device).
 */
export function useLocationChoice() {
  const { revalidate, state } = useRevalidator();
  const customer = useRootData().user?.isCustomer === true;
  const chooseCity = useCallback(
    (id: number | null) => {
      writeCookie(CITY_COOKIE, id);
      writeCookie(STUDIO_COOKIE, null);
      return revalidate();
    },
    [revalidate],
  );
  const chooseStudio = useCallback(
    async (id: number | null) => {
      writeCookie(STUDIO_COOKIE, id);
      // The choice stands in this browser even if the account could not keep it.
      if (customer && id !== null)
        await api<ApiData<typeof homeStudioAnswer>>("/profile/home-studio", { json: { studio_id: id } });
      return revalidate();
    },
    [revalidate, customer],
  );
  return { chooseCity, chooseStudio, loading: state === "loading" };
}
