/** Shapes shared by the server and the browser (type-only). */

/** The logged-in user of spec §3, exactly the fields the client reads. */
export interface CurrentUser {
  id: number;
  name: string;
  last_name: string;
  full_name: string;
  email: string;
  phone: string | null;
  avatar_url: string | null;
  role_id: number;
  employee_type: number | null;
  id_employee: number | null;
  scope: string[];
  isCustomer: boolean;
  isCoach: boolean;
  isDoor: boolean;
  isAdmin: boolean;
  is_tester: boolean;
  require2fa: boolean;
  can_scan_attendance: boolean;
  /** The customer's home studio (the studio picker, the profile): the default of their payments. */
  home_studio_id: number | null;
  email_verified: boolean;
  available_sessions: number;
  available_sessions_per_city: Record<string, number>;
  has_unlimited_sessions: boolean;
  unlimited_sessions_per_city: Record<string, boolean>;
  available_sessions_on_demand: number | "UNLIMITED";
}
