/** Browser-safe shapes of the home loader's answer (`GET /api/v2/home-data` plus locations). */
export interface HomeSection {
  key: string;
  kind: string;
  title: string;
  subtitle: string;
  body: string;
  image_url: string | null;
  cta_label: string | null;
  cta_link: string | null;
  data: Record<string, unknown>;
}

export interface HomeCoach {
  id: number;
  name: string;
  last_name: string;
  slug: string;
  bio: string;
  quote: string | null;
  instagram: string | null;
  image_url: string | null;
}

export interface HomeSessionType {
  id: number;
  name: string;
  slug: string;
  description: string;
  color: string;
  image_url: string | null;
  duration_minutes: number;
  intensity: number;
}

interface HomeStudio {
  id: number;
  name: string;
  address: string;
  phone: string;
  image_url: string | null;
  is_marketplace: boolean;
}

export interface HomeLocation {
  id: number;
  name: string;
  suffix: string;
  studios: HomeStudio[];
}

export interface HomeContent {
  sections: HomeSection[];
  coaches: HomeCoach[];
  session_types: HomeSessionType[];
  locations: HomeLocation[];
}
