import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { ToastContainer } from "react-toastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import i18n from "../../i18n";
import TodoListPage from "./TodoListPage";
import { readTasks, sortTasks, TASKS_STORAGE_KEY } from "./tasksStore";

const stored = () => readTasks(window.localStorage);

describe("tasks store", () => {
  it("reads the original product's { text, updatedAt } entries and skips unreadable ones", () => {
    window.localStorage.setItem(
      TASKS_STORAGE_KEY,
      JSON.stringify([{ text: "Ligar para Ana", updatedAt: "2024-05-01T10:00:00.000Z" }, { nope: 1 }, "x", null]),
    );
    expect(stored()).toMatchObject([{ text: "Ligar para Ana", done: false, updatedAt: "2024-05-01T10:00:00.000Z" }]);
    window.localStorage.setItem(TASKS_STORAGE_KEY, "{not json");
    expect(stored()).toEqual([]);
  });

  it("puts open tasks first, newest first, then the completed ones", () => {
    const at = (minute: number) => `2024-05-01T10:${String(minute).padStart(2, "0")}:00.000Z`;
    const tasks = [
      { id: "a", text: "a", done: true, createdAt: at(1), updatedAt: at(9) },
      { id: "b", text: "b", done: false, createdAt: at(2), updatedAt: at(2) },
      { id: "c", text: "c", done: false, createdAt: at(3), updatedAt: at(3) },
    ];
    expect(sortTasks(tasks).map((task) => task.id)).toEqual(["c", "b", "a"]);
  });
});

describe("TodoListPage", () => {
  beforeEach(async () => {
    window.localStorage.clear();
    await i18n.changeLanguage("pt");
  });
  afterEach(() => cleanup());

  const page = () =>
    render(
      <>
        <TodoListPage />
        <ToastContainer />
      </>,
    );
  const input = () => screen.getByRole("textbox", { name: "Nova tarefa" });

  it("shows the empty state, adds with Enter, and keeps the list in the browser", () => {
    page();
    expect(screen.getByText("Nenhuma tarefa por aqui")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Adicionar" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input(), { target: { value: "  Enviar proposta  " } });
    fireEvent.submit(input().closest("form")!);
    expect(screen.getByText("Enviar proposta")).toBeTruthy();
    expect((input() as HTMLInputElement).value).toBe("");
    expect(stored()).toMatchObject([{ text: "Enviar proposta", done: false }]);
  });

  it("completes, edits (Escape cancels, Enter saves) and deletes after confirming", () => {
    window.localStorage.setItem(
      TASKS_STORAGE_KEY,
      JSON.stringify([{ id: "t1", text: "Revisar contrato", done: false, createdAt: "2024-05-01T10:00:00.000Z" }]),
    );
    page();
    fireEvent.click(screen.getByRole("checkbox", { name: "Concluir Revisar contrato" }));
    expect(stored()[0]?.done).toBe(true);
    expect(screen.getByText("0 pendente(s) · 1 concluída(s)")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Editar tarefa" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Editar tarefa" }), { target: { value: "Descartar" } });
    fireEvent.keyDown(screen.getByRole("textbox", { name: "Editar tarefa" }), { key: "Escape" });
    expect(stored()[0]?.text).toBe("Revisar contrato");

    fireEvent.click(screen.getByRole("button", { name: "Editar tarefa" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Editar tarefa" }), {
      target: { value: "Revisar o contrato" },
    });
    fireEvent.keyDown(screen.getByRole("textbox", { name: "Editar tarefa" }), { key: "Enter" });
    expect(stored()[0]?.text).toBe("Revisar o contrato");

    fireEvent.click(screen.getByRole("button", { name: "Excluir tarefa" }));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByText("“Revisar o contrato” será removida desta lista.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Excluir" }));
    return screen.findByText("Nenhuma tarefa por aqui").then(() => expect(stored()).toEqual([]));
  });
});
