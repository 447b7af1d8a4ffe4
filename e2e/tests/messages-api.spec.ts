import type { APIRequestContext, Locator } from "@playwright/test";
import { apiLogin, DEMO, expect, loginThroughForm, test, unique } from "./support";

/** The demo's simulator connection (seed.ts), the company's default one. */
const SIMULATOR_ID = 1;
/** A 1x1 PNG: the server types uploads by their bytes. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const customerNumber = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

interface Outbound {
  body: string;
  mediaType: string | null;
  mediaName: string | null;
}

async function outbound(request: APIRequestContext, number: string): Promise<Outbound[]> {
  const response = await request.get("/simulator/outbound", { params: { whatsappId: SIMULATOR_ID, to: number } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as Outbound[]).map(({ body, mediaType, mediaName }) => ({
    body,
    mediaType,
    mediaName,
  }));
}

function answerOf(form: Locator) {
  // The answer sits under its form, in the same card.
  return form.locator("xpath=..").getByRole("status", { name: "Resposta do servidor" });
}

test("an admin sends a JSON and a multipart message through the API page, and the simulated customer gets both", async ({
  page,
  request,
}) => {
  // The connection may already be paired by another spec: a refused scan is fine.
  await request.post(`/simulator/scan/${SIMULATOR_ID}`);
  const number = customerNumber();

  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.getByTestId("menu-messages-api").click();
  await expect(page).toHaveURL(/\/messages-api$/);
  await expect(page.getByRole("heading", { name: "API de mensagens" })).toBeVisible();

  // The documentation names this server and links the OpenAPI document the server serves.
  const origin = new URL(page.url()).origin;
  await expect(page.getByRole("figure", { name: "Endpoint" })).toHaveText(`POST ${origin}/api/messages/send`);
  const openapi = page.getByRole("link", { name: "OpenAPI em JSON" });
  const document = await request.get((await openapi.getAttribute("href")) ?? "");
  expect(document.status()).toBe(200);
  expect(((await document.json()) as { paths: Record<string, unknown> }).paths).toHaveProperty("/api/messages/send");

  // A wrong token is the server's answer to show, and the admin stays signed in.
  const jsonForm = page.getByRole("form", { name: "Teste de envio (JSON)" });
  await page.getByRole("textbox", { name: "Token" }).fill(`wrong-${unique()}`);
  await jsonForm.getByRole("textbox", { name: "Número" }).fill(number);
  await jsonForm.getByRole("textbox", { name: "Mensagem" }).fill("Teste");
  await jsonForm.getByRole("button", { name: "Enviar" }).click();
  const refused = answerOf(jsonForm);
  await expect(refused.getByText("HTTP 401")).toBeVisible();
  await expect(refused.getByText("Token ausente ou desconhecido: nenhuma conexão tem este token.")).toBeVisible();
  await expect(page).toHaveURL(/\/messages-api$/);

  // The simulator connection's own token, picked from the list.
  await page.getByRole("combobox", { name: "Conexão" }).click();
  await page.getByRole("option", { name: "Simulador" }).click();
  const token = await page.getByRole("textbox", { name: "Token" }).inputValue();
  expect(token.length).toBeGreaterThan(10);
  await expect(page.getByRole("figure", { name: "Exemplo com curl (JSON)" })).toContainText(`Bearer ${token}`);

  const text = `Pedido confirmado ${unique()}`;
  await jsonForm.getByRole("textbox", { name: "Mensagem" }).fill(text);
  await jsonForm.getByRole("button", { name: "Enviar" }).click();
  const sent = answerOf(jsonForm);
  await expect(sent.getByText("HTTP 200")).toBeVisible();
  await expect(sent.getByRole("figure", { name: "Resposta do servidor JSON" })).toContainText('"message": "sent"');
  await expect(page.getByText("Mensagem enviada com sucesso!")).toBeVisible();
  await expect.poll(() => outbound(request, number)).toEqual([{ body: text, mediaType: null, mediaName: null }]);

  const multipartForm = page.getByRole("form", { name: "Teste de envio (multipart)" });
  await multipartForm.getByRole("textbox", { name: "Número" }).fill(number);
  await multipartForm.getByRole("textbox", { name: "Legenda (opcional)" }).fill("Seu comprovante");
  await multipartForm.getByTestId("messages-api-medias").setInputFiles({
    name: "comprovante.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await expect(multipartForm.getByText("comprovante.png")).toBeVisible();
  await multipartForm.getByRole("button", { name: "Enviar" }).click();
  await expect(answerOf(multipartForm).getByText("HTTP 200")).toBeVisible();
  await expect
    .poll(async () => (await outbound(request, number)).at(-1))
    .toEqual({ body: "Seu comprovante", mediaType: "image", mediaName: "comprovante.png" });

  // Both went to the one ticket the API opened for the number, in the conversation as sent.
  const admin = await apiLogin(request, DEMO.admin);
  const tickets = await request.get("/tickets", {
    headers: admin,
    params: { searchParam: number, showAll: "true" },
  });
  const found = (await tickets.json()) as { tickets: { id: number }[] };
  expect(found.tickets).toHaveLength(1);
});

test("a company whose plan lacks the external API is told so and sent to / after a second", async ({
  page,
  request,
}) => {
  const superUser = await apiLogin(request, DEMO.super);
  const plan = await request.post("/plans", {
    headers: superUser,
    data: { name: `Sem API ${unique()}`, users: 2, connections: 1, queues: 1, value: 0, useExternalApi: false },
  });
  expect(plan.status(), await plan.text()).toBe(200);
  const email = `no-api-${unique()}@acme.test`;
  const company = await request.post("/companies", {
    headers: superUser,
    data: {
      name: `Sem API ${unique()}`,
      email,
      planId: ((await plan.json()) as { id: number }).id,
      dueDate: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString(),
      password: "secret123",
    },
  });
  expect(company.status(), await company.text()).toBe(200);

  await loginThroughForm(page, email, "secret123");
  await expect(page).toHaveURL(/\/tickets$/);
  // No menu entry for it either.
  await expect(page.getByTestId("menu-connections")).toBeVisible();
  await expect(page.getByTestId("menu-messages-api")).toHaveCount(0);

  await page.goto("/messages-api");
  await expect(
    page.getByText("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando."),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "API de mensagens" })).toHaveCount(0);
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
});

test("the copy buttons sit beside the curl commands, never over them, at 1366 and 390 px", async ({ page }) => {
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/messages-api");
    const blocks = page.getByRole("figure").filter({ has: page.getByRole("button") });
    await expect(blocks.first()).toBeVisible();
    expect(await blocks.count()).toBeGreaterThanOrEqual(2);
    for (const block of await blocks.all()) {
      const code = (await block.locator("pre").boundingBox())!;
      const button = (await block.getByRole("button").boundingBox())!;
      expect(button.x, `${width}: the button right of the text`).toBeGreaterThanOrEqual(code.x + code.width);
      expect(button.x + button.width, `${width}: the button on screen`).toBeLessThanOrEqual(width);
    }
  }
});

test("at 390 px each error code reads on one line, above its meaning", async ({ page }) => {
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/messages-api");
  const errors = page.getByRole("table", { name: "Erros" });
  await expect(errors).toBeVisible();
  const codes = errors.locator("tr td:first-child span");
  expect(await codes.count()).toBeGreaterThanOrEqual(6);
  for (const code of await codes.all()) {
    const lines = await code.evaluate((element) => {
      const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight);
      return Math.round(element.getBoundingClientRect().height / lineHeight);
    });
    expect(lines, `${await code.textContent()} on one line`).toBe(1);
  }
  const first = errors.locator("tr").first();
  const codeBox = (await first.locator("td").first().boundingBox())!;
  const meaningBox = (await first.locator("td").nth(1).boundingBox())!;
  expect(meaningBox.y, "the meaning under its code").toBeGreaterThanOrEqual(codeBox.y + codeBox.height - 1);
});
