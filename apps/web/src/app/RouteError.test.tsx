import { act, cleanup, render, screen } from "@testing-library/react";
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  unstable_HistoryRouter as HistoryRouter,
  Route,
  Routes,
} from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "../i18n";
import { RouteErrorBoundary } from "./RouteError";

function Broken(): never {
  throw new Error("chunk gone");
}

function renderAt(path: string) {
  const history = createMemoryHistory({ initialEntries: [path], v5Compat: true });
  render(
    <HistoryRouter history={history}>
      <RouteErrorBoundary>
        <Routes>
          <Route path="/broken" element={<Broken />} />
          <Route path="*" element={<p>Página boa</p>} />
        </Routes>
      </RouteErrorBoundary>
    </HistoryRouter>,
  );
  return history;
}

describe("RouteError", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows a page that failed to render as an error with a reload, not a blank screen", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderAt("/broken");
    expect(screen.getByText("Ocorreu um erro!")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Recarregar" })).toBeTruthy();
    expect(screen.queryByText(/Hey developer/)).toBeNull();
    expect(logged).toHaveBeenCalled();
  });

  it("renders the app again once the user moves to another address", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const history = renderAt("/broken");
    expect(screen.getByText("Ocorreu um erro!")).toBeTruthy();
    act(() => history.push("/tickets"));
    expect(screen.getByText("Página boa")).toBeTruthy();
    expect(screen.queryByText("Ocorreu um erro!")).toBeNull();
  });
});
