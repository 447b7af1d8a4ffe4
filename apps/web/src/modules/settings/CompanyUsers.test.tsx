import type { User } from "@atendo/shared";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  toastError: vi.fn(),
}));

import { api } from "../../api/client";
import i18n from "../../i18n";
import { makeUser, withQueryClient } from "../users/testUtils";
import { CompanyUsers } from "./CompanyUsers";

describe("CompanyUsers", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("loads the company's users when shown and lists them with their profile", async () => {
    const users: User[] = [
      makeUser({ id: 1, name: "Bia", email: "bia@acme.test", profile: "admin", super: true }),
      makeUser({ id: 2, name: "Caio", email: "caio@acme.test", profile: "user" }),
    ];
    vi.mocked(api.get).mockResolvedValue(users);
    render(withQueryClient(<CompanyUsers companyId={12} companyName="Acme" />));
    expect(await screen.findByRole("cell", { name: "caio@acme.test" })).toBeTruthy();
    expect(screen.getByRole("cell", { name: "Administrador · Super" })).toBeTruthy();
    expect(screen.getByText("Usuários de Acme")).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith("/users/list", { query: { companyId: 12 } });
  });

  it("says when the company has no users", async () => {
    vi.mocked(api.get).mockResolvedValue([]);
    render(withQueryClient(<CompanyUsers companyId={13} companyName="Vazia" />));
    expect(await screen.findByText("Nenhum usuário nesta empresa.")).toBeTruthy();
  });
});
