import { apiLogin, DEMO, expect, loginThroughForm, test, unique } from "./support";

interface KanbanTicket {
  id: number;
  tags: { id: number }[];
}

test("dragging a card to another lane moves the ticket's kanban tag", async ({ page, request }) => {
  const headers = await apiLogin(request, DEMO.admin);
  const tag = unique();
  const newTag = async (name: string) => {
    const response = await request.post("/tags", { headers, data: { name, color: "#1E88E5", kanban: 1 } });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as { id: number; name: string };
  };
  const from = await newTag(`Lane A ${tag}`);
  const to = await newTag(`Lane B ${tag}`);

  const contactResponse = await request.post("/contacts", {
    headers,
    data: { name: `Kanban ${tag}`, number: `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}` },
  });
  expect(contactResponse.status(), await contactResponse.text()).toBe(200);
  const contact = (await contactResponse.json()) as { id: number };
  const ticketResponse = await request.post("/tickets", { headers, data: { contactId: contact.id, status: "open" } });
  expect(ticketResponse.status(), await ticketResponse.text()).toBe(200);
  const ticket = (await ticketResponse.json()) as { id: number };
  const tagged = await request.put(`/ticket-tags/${ticket.id}/${from.id}`, { headers });
  expect(tagged.status(), await tagged.text()).toBe(200);

  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/kanban");
  const source = page.getByTestId(`kanban-lane-${from.id}`);
  const target = page.getByTestId(`kanban-lane-${to.id}`);
  const card = source.getByTestId(`kanban-card-${ticket.id}`);
  await expect(card).toContainText(`Kanban ${tag}`);

  await card.dragTo(target);
  await expect(target.getByTestId(`kanban-card-${ticket.id}`)).toBeVisible();
  await expect(source.getByTestId(`kanban-card-${ticket.id}`)).toHaveCount(0);
  await expect(page.getByText(`Etiqueta ${to.name} adicionada ao atendimento.`)).toBeVisible();

  await expect
    .poll(async () => {
      const response = await request.get("/ticket/kanban", { headers, params: { showAll: "true" } });
      const { tickets } = (await response.json()) as { tickets: KanbanTicket[] };
      return tickets.find((item) => item.id === ticket.id)?.tags.map((item) => item.id);
    })
    .toEqual([to.id]);

  // After a reload the card is still in the target lane: the server has the move.
  await page.reload();
  await expect(page.getByTestId(`kanban-lane-${to.id}`).getByTestId(`kanban-card-${ticket.id}`)).toBeVisible();
});
