import type { Help } from "@atendo/shared";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "../../i18n";
import { HelpCard } from "./HelpCard";

const guide: Help = {
  id: 1,
  title: "Atendendo um ticket",
  video: "",
  description: "Em Atendimentos, aceite o ticket da aba Aguardando.\nDepois responda, transfira ou resolva.",
};

describe("HelpCard", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
  });
  afterEach(cleanup);

  it("shows an entry without a video as a written guide: its whole text, nothing to play, no 'unavailable'", () => {
    const onOpen = vi.fn();
    render(<HelpCard help={guide} onOpen={onOpen} />);
    expect(screen.getByRole("heading", { name: guide.title })).toBeTruthy();
    expect(screen.getByText("Guia em texto")).toBeTruthy();
    expect(screen.getByText(/Depois responda, transfira ou resolva\./)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByText(/indisponível/i)).toBeNull();
  });

  it("shows an entry with a video as a card that opens its player", () => {
    const onOpen = vi.fn();
    const video = { ...guide, video: "https://www.youtube.com/watch?v=abc123" };
    render(<HelpCard help={video} onOpen={onOpen} />);
    fireEvent.click(screen.getByRole("button", { name: `Assistir: ${guide.title}` }));
    expect(onOpen).toHaveBeenCalledWith(video);
    expect(screen.queryByText("Guia em texto")).toBeNull();
  });
});
