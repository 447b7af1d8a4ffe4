import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "../i18n";
import { RouteError } from "./RouteError";

function Broken(): never {
  throw new Error("chunk gone");
}

describe("RouteError", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows a page that failed to render as an error with a reload, not the router's developer screen", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: "*", element: <Broken />, errorElement: <RouteError /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByText("Ocorreu um erro!")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Recarregar" })).toBeTruthy();
    expect(screen.queryByText(/Hey developer/)).toBeNull();
    expect(logged).toHaveBeenCalled();
  });
});
