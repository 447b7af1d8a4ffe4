import { apiLogin, DEMO, expect, loginThroughForm, test, unique } from "./support";

interface TicketsAnswer {
  tickets: { id: number; status: string; whatsappId: number | null; contact: { number: string; name: string } }[];
}

test("a new connection shows its QR, pairs live from the simulator page, and its customer opens a ticket", async ({
  page,
  context,
  request,
}) => {
  const name = `E2E Sim ${unique()}`;
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.goto("/connections");
  await expect(page.getByRole("heading", { name: "Conexões" })).toBeVisible();

  // Add it through the dialog, on the simulated network.
  await page.getByRole("button", { name: "Adicionar WhatsApp" }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar WhatsApp" });
  await dialog.getByRole("textbox", { name: "Nome" }).fill(name);
  await dialog.getByRole("combobox", { name: "Provedor" }).click();
  await page.getByRole("option", { name: "Simulador" }).click();
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog).toBeHidden();

  // It starts pairing at once: the QR dialog opens with a real QR code.
  const qrDialog = page.getByRole("dialog", { name: `QR Code de ${name}` });
  await expect(qrDialog).toBeVisible();
  await expect(qrDialog.getByTestId("qrcode-image")).toBeVisible();
  expect(await qrDialog.locator("svg path").count()).toBeGreaterThan(0);

  const row = page.getByTestId("connection-row").filter({ hasText: name });
  await expect(row.getByTestId("connection-status")).toHaveAttribute("data-status", "qrcode");
  const whatsappId = Number(await row.getAttribute("data-connection-id"));
  expect(whatsappId).toBeGreaterThan(0);
  // A connection waiting for its QR code puts the exclamation badge on the menu entry (checked after 2 s).
  await expect(page.getByTestId("menu-connections").getByTitle("Há conexões que precisam de atenção")).toBeVisible();

  // Scan it from the simulator page, in a second tab.
  const simulator = await context.newPage();
  await simulator.goto(`/simulator?whatsappId=${whatsappId}`);
  await expect(simulator.getByRole("heading", { name: "Simulador de WhatsApp" })).toBeVisible();
  await expect(simulator.getByTestId("simulator-connection-status")).toHaveAttribute("data-status", "qrcode");
  await simulator.getByRole("button", { name: "Escanear QR Code" }).click();
  await expect(simulator.getByTestId("simulator-connection-status")).toHaveAttribute("data-status", "CONNECTED");

  // The connections page follows without a reload: the QR dialog closes and the row turns CONNECTED.
  await expect(qrDialog).toBeHidden();
  await expect(row.getByTestId("connection-status")).toHaveAttribute("data-status", "CONNECTED");
  await expect(row.getByRole("button", { name: "Desconectar" })).toBeVisible();

  // A simulated customer writes: the company gets a ticket, and its answer shows in the simulator with acks.
  const number = `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
  const customer = `Cliente ${unique()}`;
  await simulator.getByRole("textbox", { name: "Número" }).fill(number);
  await simulator.getByRole("textbox", { name: "Nome", exact: true }).fill(customer);
  await simulator.getByRole("textbox", { name: "Mensagem do cliente" }).fill("Olá, quero um orçamento");
  await simulator.getByRole("textbox", { name: "Mensagem do cliente" }).press("Enter");
  const messages = simulator.getByTestId("simulator-messages");
  await expect(messages.getByText("Olá, quero um orçamento")).toBeVisible();

  // Another user: a second login of the admin would sign the browser's session out.
  const headers = await apiLogin(request, DEMO.super);
  let ticketId = 0;
  await expect
    .poll(async () => {
      const answer = (await (
        await request.get("/tickets", { headers, params: { searchParam: customer, showAll: "true" } })
      ).json()) as TicketsAnswer;
      const ticket = answer.tickets.find((item) => item.contact.number === number);
      ticketId = ticket?.id ?? 0;
      return ticket?.whatsappId;
    })
    .toBe(whatsappId);
  // The customer's message was taken by the company.
  await expect(messages.locator('[data-received="true"]').first()).toBeVisible();

  const reply = await request.post(`/messages/${ticketId}`, { headers, data: { body: "Claro! Já te envio." } });
  expect(reply.status(), await reply.text()).toBe(200);
  const answer = messages.getByTestId("simulator-message").filter({ hasText: "Claro! Já te envio." });
  await expect(answer).toHaveAttribute("data-direction", "outbound");
  await expect(answer.getByTestId("simulator-ack")).toHaveAttribute("data-ack", "2");
  await simulator.getByRole("button", { name: "Marcar como lida" }).click();
  await expect(answer.getByTestId("simulator-ack")).toHaveAttribute("data-ack", "3");
  await simulator.close();

  // The edit dialog loads the connection as the server has it.
  await row.getByRole("button", { name: "Editar conexão" }).click();
  const edit = page.getByRole("dialog", { name: "Editar WhatsApp" });
  await expect(edit.getByRole("textbox", { name: "Nome" })).toHaveValue(name);
  await expect(edit.getByRole("combobox", { name: "Provedor" })).toHaveText("Simulador");
  await edit.getByRole("button", { name: "Cancelar" }).click();
  await expect(edit).toBeHidden();

  // Clean up: the demo plan limits connections, and other spec files share the database.
  await row.getByRole("button", { name: "Excluir conexão" }).click();
  await page
    .getByRole("dialog", { name: `Excluir ${name}?` })
    .getByRole("button", { name: "Excluir" })
    .click();
  await expect(row).toHaveCount(0);
});
