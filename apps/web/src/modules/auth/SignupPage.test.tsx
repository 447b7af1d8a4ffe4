import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("socket.io-client", () => ({ io: vi.fn() }));

import { App } from "../../app/App";
import i18n from "../../i18n";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("signup", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("masks the phone, posts the trial company and goes to /login", async () => {
    localStorage.clear();
    await i18n.changeLanguage("pt");
    window.history.pushState({}, "", "/signup?companyId=9");
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      const path = new URL(String(input), "http://localhost").pathname;
      if (path === "/plans/list")
        return json(200, [{ id: 2, name: "Básico", users: 3, connections: 1, queues: 2, value: 49 }]);
      if (path === "/companies/cadastro") return json(200, { id: 10 });
      return json(401, { error: "ERR_INVALID_TOKEN" });
    });
    vi.stubGlobal("fetch", fetchMock);
    render(<App />);

    fireEvent.input(await screen.findByLabelText(/Nome da empresa/), { target: { value: "Loja Azul" } });
    fireEvent.input(screen.getByLabelText(/E-mail/), { target: { value: "Dono@Loja.com" } });
    const phone = screen.getByLabelText(/Telefone/) as HTMLInputElement;
    fireEvent.change(phone, { target: { value: "11987654321" } });
    expect(phone.value).toBe("(11) 98765-4321");
    fireEvent.input(screen.getByLabelText(/^Senha/), { target: { value: "12345" } });

    // Choose the plan in the MUI select.
    fireEvent.mouseDown(await screen.findByRole("combobox"));
    fireEvent.click(await screen.findByRole("option", { name: /Básico - Atendentes: 3/ }));

    fireEvent.click(screen.getByRole("button", { name: "Cadastrar" }));
    await waitFor(() => expect(window.location.pathname).toBe("/login"));

    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith("/companies/cadastro"));
    const body = JSON.parse(String(call?.[1]?.body));
    expect(body).toMatchObject({
      name: "Loja Azul",
      email: "dono@loja.com",
      phone: "11987654321",
      planId: 2,
      password: "12345",
      companyId: 9,
      recurrence: "MENSAL",
      status: true,
      campaignsEnabled: true,
    });
    const trialDays = (Date.parse(body.dueDate) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(2.9);
    expect(trialDays).toBeLessThan(3.1);
  });
});
