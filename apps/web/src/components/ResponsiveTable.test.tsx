import { IconButton } from "@mui/material";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BreakableText, type ListColumn, ResponsiveTable } from "./ResponsiveTable";

/** happy-dom's own window API: the media queries follow the viewport it sets. */
const setViewport = (width: number) =>
  (
    window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }
  ).happyDOM.setViewport({ width, height: 800 });

interface Person {
  id: number;
  name: string;
  email: string;
  phone: string;
}

const PEOPLE: Person[] = [
  { id: 1, name: "Marta Souza", email: "marta.souza@example.com", phone: "" },
  { id: 2, name: "João Lima", email: "joao@example.com", phone: "5511988887777" },
];

const COLUMNS: ListColumn<Person>[] = [
  { label: "Nome", render: (person) => person.name, card: "title" },
  { label: "E-mail", render: (person) => <BreakableText>{person.email}</BreakableText> },
  { label: "Telefone", render: (person) => person.phone, tableFrom: "md" },
];

function renderList(onEdit = vi.fn(), withActions = true) {
  render(
    <ResponsiveTable
      label="Pessoas"
      columns={COLUMNS}
      rows={PEOPLE}
      rowKey={(person) => person.id}
      rowProps={(person) => ({ "data-testid": "person-row", "data-person": person.id })}
      actions={
        withActions
          ? {
              label: "Ações",
              render: (person) => (
                <IconButton aria-label={`Editar ${person.name}`} onClick={() => onEdit(person.id)}>
                  ✎
                </IconButton>
              ),
            }
          : undefined
      }
    />,
  );
  return onEdit;
}

afterEach(() => {
  cleanup();
  setViewport(1024);
});

describe("ResponsiveTable", () => {
  it("is a table on wide screens: a header per column, a row per record, the actions in the last cell", () => {
    setViewport(1366);
    const onEdit = renderList();
    // hidden: happy-dom does not apply the media query that shows the "from md" column.
    const table = screen.getByRole("table", { name: "Pessoas" });
    expect(
      within(table)
        .getAllByRole("columnheader", { hidden: true })
        .map((cell) => cell.textContent),
    ).toEqual(["Nome", "E-mail", "Telefone", "Ações"]);
    const rows = screen.getAllByTestId("person-row");
    expect(rows.map((row) => row.tagName)).toEqual(["TR", "TR"]);
    const marta = screen.getByRole("row", { name: /Marta Souza/ });
    expect(within(marta).getAllByRole("cell").at(-1)?.textContent).toBe("✎");
    fireEvent.click(within(marta).getByRole("button", { name: "Editar Marta Souza" }));
    expect(onEdit).toHaveBeenCalledWith(1);
    // The e-mail's break points leave its cell named by the whole address.
    expect(within(marta).getByRole("cell", { name: "marta.souza@example.com" })).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("has no actions column when no row has an action", () => {
    setViewport(1366);
    renderList(vi.fn(), false);
    expect(screen.getAllByRole("columnheader", { hidden: true }).map((cell) => cell.textContent)).toEqual([
      "Nome",
      "E-mail",
      "Telefone",
    ]);
  });

  it("is a card per row on phones: the title, label-value lines, and the actions as visible buttons", () => {
    setViewport(390);
    const onEdit = renderList();
    expect(screen.queryByRole("table")).toBeNull();
    const list = screen.getByRole("list", { name: "Pessoas" });
    const cards = within(list).getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    // Each card is named by its title column and keeps the row's data attributes.
    const joao = within(list).getByRole("listitem", { name: "João Lima" });
    expect(joao.getAttribute("data-testid")).toBe("person-row");
    expect(joao.getAttribute("data-person")).toBe("2");
    const terms = [...joao.querySelectorAll("dt")].map((term) => term.textContent);
    const values = [...joao.querySelectorAll("dd")].map((value) => value.textContent);
    // The column the table hides below md is a line on the card; the "Ações" header is not.
    expect(terms).toEqual(["E-mail", "Telefone"]);
    expect(values).toEqual(["joao@example.com", "5511988887777"]);
    const edit = within(joao).getByRole("button", { name: "Editar João Lima" });
    fireEvent.click(edit);
    expect(onEdit).toHaveBeenCalledWith(2);
    // An empty value gets no line.
    const marta = within(list).getByRole("listitem", { name: "Marta Souza" });
    expect([...marta.querySelectorAll("dt")].map((term) => term.textContent)).toEqual(["E-mail"]);
  });

  it("shows a card-only column as a card's line and nowhere in the table", () => {
    const columns: ListColumn<Person>[] = [
      ...COLUMNS,
      { label: "Situação", cardOnly: true, render: (person) => (person.phone ? "Com telefone" : "Sem telefone") },
    ];
    const renderWith = () =>
      render(<ResponsiveTable label="Pessoas" columns={columns} rows={PEOPLE} rowKey={(person) => person.id} />);
    setViewport(1366);
    renderWith();
    expect(screen.getAllByRole("columnheader", { hidden: true }).map((cell) => cell.textContent)).toEqual([
      "Nome",
      "E-mail",
      "Telefone",
    ]);
    expect(screen.queryByText("Com telefone")).toBeNull();
    cleanup();
    setViewport(390);
    renderWith();
    const joao = screen.getByRole("listitem", { name: "João Lima" });
    expect([...joao.querySelectorAll("dt")].map((term) => term.textContent)).toEqual([
      "E-mail",
      "Telefone",
      "Situação",
    ]);
    expect(within(joao).getByText("Com telefone").tagName).toBe("DD");
  });

  it("runs a row's click from its table row and from its card", () => {
    for (const width of [1366, 390]) {
      setViewport(width);
      const onOpen = vi.fn();
      render(
        <ResponsiveTable
          label="Pessoas"
          columns={COLUMNS}
          rows={PEOPLE}
          rowKey={(person) => person.id}
          rowProps={(person) => ({ onClick: () => onOpen(person.id), "data-testid": "person-row" })}
        />,
      );
      const [, joao] = screen.getAllByTestId("person-row");
      expect(joao?.tagName).toBe(width === 1366 ? "TR" : "LI");
      fireEvent.click(joao!);
      expect(onOpen).toHaveBeenCalledWith(2);
      cleanup();
    }
  });

  it("shows the empty text in place of the rows in both layouts", () => {
    for (const width of [1366, 390]) {
      setViewport(width);
      render(
        <ResponsiveTable label="Pessoas" columns={COLUMNS} rows={[]} rowKey={() => 0} emptyText="Nenhuma pessoa" />,
      );
      expect(screen.getByText("Nenhuma pessoa")).toBeTruthy();
      cleanup();
    }
  });
});

describe("BreakableText", () => {
  it("offers line breaks after the @ and before each dot, and keeps the text whole", () => {
    render(
      <p data-testid="email">
        <BreakableText>maria.da.silva@empresa.com.br</BreakableText>
      </p>,
    );
    const email = screen.getByTestId("email");
    expect(email.textContent).toBe("maria.da.silva@empresa.com.br");
    expect(email.querySelectorAll("wbr")).toHaveLength(5);
    expect(email.innerHTML.replace(/<wbr[^>]*>/g, "|")).toBe("maria|.da|.silva@|empresa|.com|.br");
  });
});
