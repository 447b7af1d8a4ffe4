import { type Company, CompanyBody, password, type RECURRENCES } from "@atendo/shared";
import { z } from "zod";

/**
 * The super admin's company form, derived from the shared CompanyBody: status and
 * campaigns travel as "true"/"false" from their selects, the plan is required, an
 * empty due date becomes null and an empty password is left out.
 */
export const CompanyForm = CompanyBody.pick({
  name: true,
  phone: true,
  dueDate: true,
  recurrence: true,
}).extend({
  email: z.string().trim().min(1, "required").pipe(CompanyBody.shape.email),
  planId: z.preprocess(
    (value) => (value === "" || value === null || value === undefined ? undefined : value),
    z.coerce.number({ error: "planRequired" }).int().positive("planRequired"),
  ),
  status: z.enum(["true", "false"]).transform((value) => value === "true"),
  campaignsEnabled: z.enum(["true", "false"]).transform((value) => value === "true"),
  password: z
    .union([z.literal(""), password])
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type CompanyFormInput = z.input<typeof CompanyForm>;
export type CompanyFormOutput = z.output<typeof CompanyForm>;

/** The only recurrence the form offers (document 1 section 3); others stay readable when editing. */
export const FORM_RECURRENCES = ["MENSAL"] as const satisfies readonly (typeof RECURRENCES)[number][];

export interface CompanyFormValues {
  name: string;
  email: string;
  phone: string;
  planId: string;
  status: "true" | "false";
  dueDate: string;
  recurrence: (typeof RECURRENCES)[number];
  campaignsEnabled: "true" | "false";
  password: string;
}

export const EMPTY_COMPANY_FORM: CompanyFormValues = {
  name: "",
  email: "",
  phone: "",
  planId: "",
  status: "true",
  dueDate: "",
  recurrence: "MENSAL",
  campaignsEnabled: "true",
  password: "",
};

const pad = (value: number) => String(value).padStart(2, "0");

/** yyyy-MM-dd in local time, as the date input wants it. */
export function toDateInput(value: string | null | undefined): string {
  if (!value) return "";
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function companyToForm(company: Company): CompanyFormValues {
  return {
    name: company.name ?? "",
    email: company.email ?? "",
    phone: company.phone ?? "",
    planId: company.planId ? String(company.planId) : "",
    status: company.status ? "true" : "false",
    dueDate: toDateInput(company.dueDate),
    recurrence: company.recurrence ?? "MENSAL",
    campaignsEnabled: company.campaignsEnabled ? "true" : "false",
    password: "",
  };
}

/** The body of POST/PUT /companies: the password only on create; an empty due date as null. */
export function formToBody(values: CompanyFormOutput, editing: boolean): CompanyBody {
  const body: CompanyBody = {
    name: values.name,
    email: values.email,
    phone: values.phone ? values.phone : null,
    planId: values.planId,
    status: values.status,
    dueDate: values.dueDate ?? null,
    recurrence: values.recurrence ?? "MENSAL",
    campaignsEnabled: values.campaignsEnabled,
  };
  if (!editing && values.password) body.password = values.password;
  return body;
}
