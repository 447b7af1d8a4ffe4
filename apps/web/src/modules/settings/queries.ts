import { api } from "../../api/client";
import type { RequestBody } from "../../api/routes";

/** React Query keys of the settings page. */
export const settingsKeys = {
  settings: ["settings"] as const,
  company: (id: number | undefined) => ["settings", "company", id] as const,
  companies: ["settings", "companies"] as const,
  plans: ["settings", "plans"] as const,
  helps: ["settings", "helps"] as const,
};

export const fetchSettings = () => api.get("/settings");
export const fetchCompany = (id: number) => api.get("/companies/{id}", { params: { id } });
export const fetchCompanies = () => api.get("/companies/list");
export const fetchPlans = () => api.get("/plans/all");
export const fetchHelps = () => api.get("/helps/list");

/** The settings tabs' writes: without an id a save creates, with one it updates that record. */
export const savePlan = (body: RequestBody<"POST /plans">, id?: number) =>
  id === undefined ? api.post("/plans", { body }) : api.put("/plans/{id}", { params: { id }, body });
export const deletePlan = (id: number) => api.delete("/plans/{id}", { params: { id } });

export const saveCompany = (body: RequestBody<"POST /companies">, id?: number) =>
  id === undefined ? api.post("/companies", { body }) : api.put("/companies/{id}", { params: { id }, body });
export const deleteCompany = (id: number) => api.delete("/companies/{id}", { params: { id } });

export const saveHelp = (body: RequestBody<"POST /helps">, id?: number) =>
  id === undefined ? api.post("/helps", { body }) : api.put("/helps/{id}", { params: { id }, body });
export const deleteHelp = (id: number) => api.delete("/helps/{id}", { params: { id } });

/** Lists are silent in the global handler: each tab shows its own list-error toast. */
export const SILENT = { silent: true } as const;
