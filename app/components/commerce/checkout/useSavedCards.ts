import { useEffect, useState } from "react";
import { api, type ApiData } from "~/lib/api";
import type { SavedCard, savedCardsAnswer } from "~/shared/schemas/commerce-answers";
import { emptyCard, type CardFormState } from "./CardForm";

/**
 * The customer's saved cards and the card form's state, for a form that opens when `active` is
 * truthy (and again each time it changes). `cards` is null until the answer arrives, and the form
 * should not be shown before: its state starts only then (the first saved card chosen when there is
 * one), so a late answer never clears what the customer already typed.
 */
export function useSavedCards(active: unknown) {
  const [cards, setCards] = useState<SavedCard[] | null>(null);
  const [card, setCard] = useState<CardFormState>(emptyCard);
  useEffect(() => {
    if (!active) return;
    let current = true;
    setCards(null);
    void api<ApiData<typeof savedCardsAnswer>>("/v2/customer/cards").then((r) => {
      if (!current) return;
      const list = r.ok ? r.data.cards : [];
      setCard({ ...emptyCard(), mode: list.length ? "saved" : "new", savedId: list[0]?.id ?? null });
      setCards(list);
    });
    return () => {
      current = false;
    };
  }, [active]);
  return { cards, card, setCard };
}
