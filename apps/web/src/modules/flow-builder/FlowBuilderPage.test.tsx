import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { UNSAFE_createMemoryHistory as createMemoryHistory, Route, Routes } from "react-router-dom";
import { toast } from "react-toastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/client")>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }, toastError: vi.fn() };
});
vi.mock("../../app/session", () => ({ useSession: vi.fn() }));
vi.mock("react-toastify", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warn: vi.fn() } }));

import type { FlowContent } from "@atendo/shared";
import { mockedApi } from "../../api/testing";
import { BlockingRouter } from "../../app/navigation/BlockingRouter";
import { createBlockingHistory } from "../../app/navigation/blockingHistory";
import { type SessionValue, useSession } from "../../app/session";
import i18n from "../../i18n";
import { sessionUser, withQueryClient } from "../users/testUtils";
import FlowBuilderPage from "./FlowBuilderPage";

const api = mockedApi();
const QUESTION = "q".repeat(30);
const content: FlowContent = {
  nodes: [
    { id: "1", type: "start", position: { x: 250, y: 100 }, data: { label: "Inicio do fluxo" } },
    {
      id: QUESTION,
      type: "question",
      position: { x: 550, y: 100 },
      data: { typebotIntegration: { message: "Seu e-mail?", answerKey: "email" } },
    },
  ],
  connections: [{ id: "e", source: "1", target: QUESTION, sourceHandle: null, targetHandle: null }],
};
const answer = (flow: FlowContent | null) => ({
  flow: {
    id: 9,
    name: "Boas-vindas",
    active: true,
    companyId: 3,
    userId: 5,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    flow,
  },
});

/** In a router whose history can be blocked, as the app runs it (the page holds navigation while unsaved). */
function renderPage(path = "/flowbuilder/9") {
  const history = createBlockingHistory(createMemoryHistory({ initialEntries: [path], v5Compat: true }));
  render(
    withQueryClient(
      <BlockingRouter history={history}>
        <Routes>
          <Route path="/flowbuilder/:id?" element={<FlowBuilderPage />} />
        </Routes>
      </BlockingRouter>,
    ),
  );
}

const setViewport = (width: number) =>
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height: 844 });

describe("FlowBuilderPage", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    vi.mocked(useSession).mockReturnValue({ user: sessionUser("admin") } as SessionValue);
    localStorage.setItem("variables", JSON.stringify(["antiga"]));
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    vi.useRealTimers();
    localStorage.clear();
    setViewport(1024);
  });

  it("fetches the flow 500 ms after opening, with a spinner meanwhile, and rebuilds the variables from its questions", async () => {
    vi.useFakeTimers();
    api.get.mockResolvedValue(answer(content));
    renderPage();
    expect(screen.getByRole("heading", { name: "Desenhe seu fluxo" })).toBeTruthy();
    expect(screen.getByRole("progressbar")).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(api.get).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.get).toHaveBeenCalledWith("/flowbuilder/flow/{id}", expect.objectContaining({ params: { id: 9 } }));
    vi.useRealTimers();
    expect(await screen.findByText("Seu e-mail?")).toBeTruthy();
    expect(screen.getByText("Boas-vindas")).toBeTruthy();
    expect(localStorage.getItem("variables")).toBe('["email"]');
  });

  it("keeps the start node on a flow never saved, and saves the canvas to POST /flowbuilder/flow", async () => {
    api.get.mockResolvedValue(answer(null));
    api.post.mockResolvedValue(answer(null));
    renderPage();
    expect(await screen.findByText("Inicio do fluxo", {}, { timeout: 3000 })).toBeTruthy();
    expect(localStorage.getItem("variables")).toBe("[]");
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(api.post).toHaveBeenCalled());
    expect(api.post.mock.calls[0]).toEqual([
      "/flowbuilder/flow",
      {
        body: {
          idFlow: 9,
          nodes: [{ id: "1", type: "start", position: { x: 250, y: 100 }, data: { label: "Inicio do fluxo" } }],
          connections: [],
        },
      },
    ]);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Fluxo salvo com sucesso", { autoClose: 3000 }));
  });

  it("without a flow id, draws the start node and cannot save", async () => {
    renderPage("/flowbuilder");
    expect(await screen.findByText("Inicio do fluxo")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Salvar" }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.get).not.toHaveBeenCalled();
  });

  it("leaves the minimap out on a phone, where it covered a third of the canvas, and keeps the zoom controls", async () => {
    renderPage("/flowbuilder");
    expect(await screen.findByText("Inicio do fluxo")).toBeTruthy();
    expect(document.querySelector(".react-flow__minimap")).toBeTruthy();
    cleanup();

    setViewport(390);
    renderPage("/flowbuilder");
    expect(await screen.findByText("Inicio do fluxo")).toBeTruthy();
    expect(document.querySelector(".react-flow__minimap")).toBeNull();
    expect(screen.getByRole("button", { name: "Zoom In" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Zoom Out" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Fit View" })).toBeTruthy();
  });
});
