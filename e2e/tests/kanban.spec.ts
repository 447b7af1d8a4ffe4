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

test("a company without kanban tags sees the whole 'no kanban tags' notice above the board at 1366 and 390 px", async ({
  page,
  request,
}) => {
  // A fresh company: the demo's may have kanban tags from other specs.
  const plans = (await (await request.get("/plans/list")).json()) as { id: number; name: string }[];
  const email = `kanban-${unique()}@acme.test`;
  const signup = await request.post("/companies/cadastro", {
    data: {
      name: `Kanban ${unique()}`,
      email,
      planId: plans.find((plan) => plan.name === "Demo")!.id,
      password: "secret123",
    },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  await page.setViewportSize({ width: 1366, height: 800 });
  await loginThroughForm(page, email, "secret123");
  await expect(page).toHaveURL(/\/tickets$/);

  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/kanban");
    const notice = page.getByTestId("kanban-no-tags");
    await expect(notice).toContainText("Nenhuma etiqueta de kanban");
    await expect(notice).toContainText("Marque a opção kanban numa etiqueta para criar uma coluna.");
    const box = (await notice.boundingBox())!;
    expect(box.x, `${width}: notice starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${width}: notice ends on screen`).toBeLessThanOrEqual(width);
    // Above the open lane, not beside it.
    const lane = (await page.getByRole("region", { name: "Em aberto" }).boundingBox())!;
    expect(lane.y, `${width}: lane under the notice`).toBeGreaterThanOrEqual(box.y + box.height);
  }
});
