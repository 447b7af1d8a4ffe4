import type { Company, Help, Plan, Setting } from "@atendo/shared";
import { api } from "../../api/client";

/** React Query keys of the settings page. */
export const settingsKeys = {
  settings: ["settings"] as const,
  company: (id: number | undefined) => ["settings", "company", id] as const,
  companies: ["settings", "companies"] as const,
  plans: ["settings", "plans"] as const,
  helps: ["settings", "helps"] as const,
};

export const fetchSettings = () => api.get<Setting[]>("/settings");
export const fetchCompany = (id: number) => api.get<Company>(`/companies/${id}`);
export const fetchCompanies = () => api.get<Company[]>("/companies/list");
export const fetchPlans = () => api.get<Plan[]>("/plans/all");
export const fetchHelps = () => api.get<Help[]>("/helps/list");

/** Lists are silent in the global handler: each tab shows its own list-error toast. */
export const SILENT = { silent: true } as const;
