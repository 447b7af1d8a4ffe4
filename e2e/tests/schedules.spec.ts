import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { apiLogin, DEMO, dateFieldValue, expect, loginThroughForm, test, typeDate, unique } from "./support";

/** The demo's simulator connection (seed.ts), the company's default one. */
const SIMULATOR_ID = 1;
const SCREENSHOTS = join(import.meta.dirname, "../screenshots");

type Headers = Awaited<ReturnType<typeof apiLogin>>;

const customerNumber = () => `55118${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const pad = (value: number) => String(value).padStart(2, "0");
/** As the date field takes it, dd/MM/yyyy HH:mm (the browser runs on this machine's clock and zone). */
const localInput = (date: Date) =>
  `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** A ticket the admin has accepted, opened by a customer's message through the simulator. */
async function openTicket(request: APIRequestContext, admin: Headers, name: string) {
  const number = customerNumber();
  // The connection may already be paired by another spec: a refused scan is fine.
  await request.post(`/simulator/scan/${SIMULATOR_ID}`);
  const sent = await request.post("/simulator/inbound", {
    data: { whatsappId: SIMULATOR_ID, from: number, name, body: "Posso pagar amanhã?" },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  let ticket: { id: number; uuid: string } | undefined;
  await expect
    .poll(async () => {
      const response = await request.get("/tickets", {
        headers: admin,
        params: { searchParam: number, showAll: "true" },
      });
      ticket = ((await response.json()) as { tickets: { id: number; uuid: string }[] }).tickets[0];
      return ticket?.id ?? 0;
    })
    .toBeGreaterThan(0);
  const accepted = await request.put(`/tickets/${ticket!.id}`, { headers: admin, data: { status: "open" } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { ...ticket!, number };
}

async function outboundBodies(request: APIRequestContext, number: string): Promise<string[]> {
  const response = await request.get("/simulator/outbound", { params: { whatsappId: SIMULATOR_ID, to: number } });
  return ((await response.json()) as { body: string }[]).map((item) => item.body);
}

test("a message scheduled from a ticket shows on the calendar and reaches the simulated customer at its time", async ({
  page,
  request,
}) => {
  // The dialog takes whole minutes: the send is due at the next minute boundary.
  test.setTimeout(180_000);
  const admin = await apiLogin(request, DEMO.admin);
  const name = `Cliente Agenda ${unique()}`;
  const ticket = await openTicket(request, admin, name);
  const text = `Lembrete: seu boleto vence hoje ${unique()}`;

  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto(`/tickets/${ticket.uuid}`);
  await page.getByRole("button", { name: "Opções do ticket" }).click();
  await page.getByRole("menuitem", { name: "Agendamento" }).click();

  const dialog = page.getByRole("dialog", { name: "Novo agendamento" });
  await expect(dialog).toBeVisible();
  const contact = dialog.getByRole("combobox", { name: "Contato" });
  await expect(contact).toHaveValue(`${name} - ${ticket.number}`);
  await expect(contact).toBeDisabled();
  const sendAt = dialog.getByRole("group", { name: /Data de agendamento/ });
  // A new schedule starts one hour ahead.
  const offered = (await dateFieldValue(sendAt)).getTime();
  expect(offered - Date.now()).toBeGreaterThan(58 * 60_000);

  // Too short first: the spec's 5 characters.
  await dialog.getByRole("textbox", { name: "Mensagem" }).fill("Oi");
  await dialog.getByRole("button", { name: "Agendar" }).click();
  await expect(dialog.getByText("Muito curto!")).toBeVisible();

  const due = new Date();
  due.setSeconds(0, 0);
  due.setMinutes(due.getMinutes() + (new Date().getSeconds() < 40 ? 1 : 2));
  await dialog.getByRole("textbox", { name: "Mensagem" }).fill(text);
  await typeDate(sendAt, localInput(due));
  await page.screenshot({ path: join(SCREENSHOTS, "schedules-dialog.png") });
  await dialog.getByRole("button", { name: "Agendar" }).click();
  await expect(page.getByText("Agendamento salvo com sucesso.")).toBeVisible();
  await expect(dialog).toBeHidden();

  // Not before its time.
  expect(await outboundBodies(request, ticket.number)).not.toContain(text);

  await page.goto("/schedules");
  await expect(page.getByRole("heading", { name: "Agendamentos" })).toBeVisible();
  const event = page.locator("[data-testid^='schedule-event-']", { hasText: name });
  await expect(event).toBeVisible();
  await expect(event.getByRole("img", { name: "Agendado" })).toBeAttached();
  await expect(event.getByRole("button", { name: "Editar agendamento" })).toBeVisible();
  await expect(event.getByRole("button", { name: "Excluir agendamento" })).toBeVisible();

  // At its time it goes out, once, and the calendar follows without a reload.
  await expect.poll(() => outboundBodies(request, ticket.number), { timeout: 150_000 }).toContain(text);
  expect(Date.now()).toBeGreaterThanOrEqual(due.getTime());
  await expect(event.getByRole("img", { name: "Enviado" })).toBeAttached();
  await page.screenshot({ path: join(SCREENSHOTS, "schedules-calendar.png") });
  expect((await outboundBodies(request, ticket.number)).filter((body) => body === text)).toHaveLength(1);

  // Sent: the dialog only shows it.
  await event.getByRole("button", { name: "Ver agendamento" }).click();
  const sent = page.getByRole("dialog", { name: "Agendamento" });
  await expect(sent.getByText(/Enviado em/)).toBeVisible();
  await expect(sent.getByRole("button", { name: "Salvar" })).toHaveCount(0);
  await page.screenshot({ path: join(SCREENSHOTS, "schedules-sent-dialog.png") });
  await sent.getByRole("button", { name: "Fechar" }).click();

  // And the message is in the ticket's conversation.
  await page.goto(`/tickets/${ticket.uuid}`);
  await expect(page.getByTestId("messages-list")).toContainText(text);
});

test("at 390 px a month chip shows its time and the start of the contact's name, clear of its icons", async ({
  page,
  request,
}) => {
  const admin = await apiLogin(request, DEMO.admin);
  // The demo's schedule: Cliente Demo, tomorrow at 10:00.
  const list = (await (await request.get("/schedules", { headers: admin })).json()) as {
    schedules: { id: number; sendAt: string; contact: { name: string } }[];
  };
  const schedule = list.schedules.find(
    (item) => item.contact.name === "Cliente Demo" && Date.parse(item.sendAt) > Date.now(),
  )!;
  expect(schedule).toBeTruthy();
  await page.setViewportSize({ width: 390, height: 844 });
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/schedules");
  const sendAt = new Date(schedule.sendAt);
  const now = new Date();
  const monthsAhead = (sendAt.getFullYear() - now.getFullYear()) * 12 + sendAt.getMonth() - now.getMonth();
  for (let step = 0; step < monthsAhead; step++) await page.getByRole("button", { name: "Próximo" }).click();

  const chip = page.getByTestId(`schedule-event-${schedule.id}`);
  const time = chip.getByText(`${pad(sendAt.getHours())}:${pad(sendAt.getMinutes())}`, { exact: true });
  await expect(time).toBeVisible();
  const name = chip.getByText("Cliente Demo");
  await expect(name).toBeVisible();
  const timeBox = (await time.boundingBox())!;
  const nameBox = (await name.boundingBox())!;
  // The name has room for a word, not a letter or two.
  expect(nameBox.width).toBeGreaterThanOrEqual(30);
  for (const button of await chip.getByRole("button").all()) {
    const icon = (await button.boundingBox())!;
    const overlaps = (a: typeof icon, b: typeof icon) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps(icon, timeBox), "an icon over the time").toBe(false);
    expect(overlaps(icon, nameBox), "an icon over the name").toBe(false);
  }
});
