/** A customer's class credits as the back office reads them (`GET /api/admin/users/{id}/credits`). */
export type LotState = "active" | "upcoming" | "expired" | "used";
type LotSource = "purchase" | "courtesy" | "gift" | "adjustment" | "reward";

interface CreditLotDto {
  id: number;
  scope: "in_person" | "on_demand";
  city_id: number | null;
  city_name: string | null;
  /** null: unlimited for the lot's period. */
  quantity: number | null;
  remaining: number;
  starts_at: string;
  expires_at: string;
  source: LotSource;
  state: LotState;
  created_at: string;
}

export interface CustomerCredits {
  balances: {
    in_person: { city_id: number; city_name: string; available: number; unlimited: boolean }[];
    on_demand: number | "UNLIMITED";
  };
  lots: CreditLotDto[];
}
