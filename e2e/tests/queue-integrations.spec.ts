import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { type FakeDialogflow, startFakeDialogflow, WELCOME_REPLY } from "../../apps/server/test/fake-dialogflow";
import { type FakeTypebot, startFakeTypebot, TYPEBOT_GREETING } from "../../apps/server/test/fake-typebot";
import { dialogflowPort } from "../playwright.config";
import { apiLogin, DEMO, expect, loginThroughForm, pageSessionHeaders, test, unique } from "./support";

const SCREENSHOTS = join(import.meta.dirname, "../screenshots");
const NO_PLAN = "Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.";

/**
 * The services the dialog's tests reach: a fake Dialogflow on the port the server is configured
 * with (it checks the service account's signed JWT as Google does), and a fake Typebot whose URL
 * the integration itself holds.
 */
let dialogflow: FakeDialogflow;
let typebot: FakeTypebot;
test.beforeAll(async () => {
  dialogflow = await startFakeDialogflow("atendo-e2e-agent", dialogflowPort);
  typebot = await startFakeTypebot("atendo-e2e-bot");
});
test.afterAll(async () => {
  await dialogflow?.close();
  await typebot?.close();
});

const row = (page: Page, name: string): Locator =>
  page.getByTestId("queue-integration-row").filter({ has: page.getByText(name, { exact: true }) });
const toast = (page: Page, text: string | RegExp) => page.locator(".Toastify").getByText(text);

async function choose(page: Page, dialog: Locator, select: RegExp, option: string) {
  await dialog.getByRole("combobox", { name: select }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function openAdd(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Adicionar projeto" }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar projeto" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("integrations: each type added through the dialog after its validation errors, bots tested, edited, deleted; another tab follows", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const tag = unique();
  const names = {
    typebot: `Typebot ${tag}`,
    dialogflow: `Dialogflow ${tag}`,
    n8n: `n8n ${tag}`,
    webhook: `Webhook ${tag}`,
    flowbuilder: `Fluxo ${tag}`,
  };
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  const headers = await pageSessionHeaders(page);
  const flow = await page.request.post("/flowbuilder", { headers, data: { name: `Boas-vindas ${tag}` } });
  expect(flow.status(), await flow.text()).toBe(200);
  const watcher = await context.newPage();
  await watcher.goto("/queue-integration");
  await expect(watcher.getByRole("heading", { name: "Integrações" })).toBeVisible();

  // The side menu's entry leads to the page.
  await page.getByTestId("menu-queue-integration").click();
  await expect(page).toHaveURL(/\/queue-integration$/);
  await expect(page.getByRole("heading", { name: "Integrações" })).toBeVisible();

  // Typebot (the dialog's first type): name, URL and slug are required; the name is 2 to 50.
  let dialog = await openAdd(page);
  const add = dialog.getByRole("button", { name: "Adicionar", exact: true });
  const nameField = dialog.getByRole("textbox", { name: /^Nome/ }).first();
  await add.click();
  await expect(dialog.getByText("Required")).toHaveCount(3);
  await nameField.fill("a");
  await add.click();
  await expect(dialog.getByText("Too Short!")).toBeVisible();
  await nameField.fill("x".repeat(51));
  await add.click();
  await expect(dialog.getByText("Too Long!")).toBeVisible();
  await nameField.fill(names.typebot);
  await dialog.getByRole("textbox", { name: /URL do Typebot/ }).fill(typebot.url);
  await dialog.getByRole("textbox", { name: /Typebot - Slug/ }).fill(typebot.slug);
  // The test starts the bot's chat on the Typebot server and shows its first messages.
  await dialog.getByRole("button", { name: "Testar bot" }).click();
  await expect(toast(page, "Integração testada com sucesso!")).toBeVisible();
  await expect(dialog.getByTestId("integration-test-reply")).toContainText(TYPEBOT_GREETING);
  await add.click();
  await expect(toast(page, "Integração adicionada com sucesso.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, names.typebot).getByRole("img", { name: "Typebot" })).toBeVisible();
  await expect(row(watcher, names.typebot)).toBeVisible();

  // Dialogflow: project, language and the service account; the test reaches the agent.
  dialog = await openAdd(page);
  await choose(page, dialog, /^Tipo/, "Dialogflow");
  await dialog.getByRole("textbox", { name: /^Nome/ }).first().fill(names.dialogflow);
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog.getByText("Required")).toHaveCount(3);
  await dialog.getByRole("textbox", { name: /Nome do projeto/ }).fill(dialogflow.projectId);
  await choose(page, dialog, /^Linguagem/, "Português (Brasil)");
  await dialog.getByRole("textbox", { name: /JSON da conta de serviço/ }).fill("{}");
  await dialog.getByRole("button", { name: "Testar bot" }).click();
  await expect(dialog.getByText(/Não é o JSON de uma conta de serviço/)).toBeVisible();
  await dialog.getByRole("textbox", { name: /JSON da conta de serviço/ }).fill(dialogflow.strangerJson);
  await dialog.getByRole("button", { name: "Testar bot" }).click();
  await expect(toast(page, /Não foi possível abrir uma sessão no Dialogflow.*Invalid JWT Signature/)).toBeVisible();
  await dialog.getByRole("textbox", { name: /JSON da conta de serviço/ }).fill(dialogflow.accountJson);
  await dialog.getByRole("button", { name: "Testar bot" }).click();
  await expect(dialog.getByTestId("integration-test-reply")).toHaveText(WELCOME_REPLY);
  await expect(dialog.getByText("Intenção: Default Welcome Intent")).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, "queue-integration-dialogflow.png") });
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, names.dialogflow).getByRole("img", { name: "Dialogflow" })).toBeVisible();

  // n8n and webhook: a URL; the signing key is shown once, when made.
  for (const [type, label] of [
    ["n8n", "n8n"],
    ["webhook", "Webhook"],
  ] as const) {
    dialog = await openAdd(page);
    await choose(page, dialog, /^Tipo/, label);
    await dialog.getByRole("textbox", { name: /^Nome/ }).first().fill(names[type]);
    const url = dialog.getByRole("textbox", { name: /^URL/ });
    await url.fill("not a url");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(dialog.getByText("Informe uma URL http:// ou https://")).toBeVisible();
    await url.fill(`https://${type}.example.com/webhook/${tag}`);
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    const secret = page.getByRole("dialog", { name: "Chave de assinatura" });
    await expect(secret.getByTestId("signing-secret")).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
    await secret.getByRole("button", { name: "Entendi" }).click();
    await expect(secret).toBeHidden();
    await expect(row(page, names[type])).toBeVisible();
  }

  // Flowbuilder: one of the company's flows.
  dialog = await openAdd(page);
  await choose(page, dialog, /^Tipo/, "Fluxo de conversa");
  await dialog.getByRole("textbox", { name: /^Nome/ }).first().fill(names.flowbuilder);
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog.getByText("Required")).toBeVisible();
  await choose(page, dialog, /^Fluxo/, `Boas-vindas ${tag}`);
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, names.flowbuilder).getByRole("img", { name: "Fluxo de conversa" })).toBeVisible();
  await expect(row(watcher, names.flowbuilder)).toBeVisible();

  // Search.
  await page.getByRole("searchbox", { name: "Pesquisar..." }).fill(tag);
  await expect(page.getByTestId("queue-integration-row")).toHaveCount(5);
  await page.getByRole("searchbox", { name: "Pesquisar..." }).fill(names.dialogflow);
  await expect(page.getByTestId("queue-integration-row")).toHaveCount(1);
  await page.screenshot({ path: join(SCREENSHOTS, "queue-integration-list.png") });
  await page.getByRole("searchbox", { name: "Pesquisar..." }).fill(tag);
  await expect(page.getByTestId("queue-integration-row")).toHaveCount(5);

  // Edit: the stored service account is kept (the field stays empty) and still tests.
  const renamed = `${names.dialogflow} editado`;
  await row(page, names.dialogflow)
    .getByRole("button", { name: `Editar ${names.dialogflow}` })
    .click();
  dialog = page.getByRole("dialog", { name: "Editar projeto" });
  await expect(dialog.getByText(/Uma conta de serviço está guardada/)).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: /JSON da conta de serviço/ })).toHaveValue("");
  await dialog.getByRole("button", { name: "Testar bot" }).click();
  await expect(dialog.getByTestId("integration-test-reply")).toHaveText(WELCOME_REPLY);
  await dialog.getByRole("textbox", { name: /^Nome/ }).first().fill(renamed);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(toast(page, "Integração editada com sucesso.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row(page, renamed)).toBeVisible();
  await expect(row(watcher, renamed)).toBeVisible();
  // No answer ever carries the key.
  const stored = await page.request.get(`/queueIntegration?searchParam=${encodeURIComponent(renamed)}`, { headers });
  expect(await stored.text()).not.toContain("PRIVATE KEY");

  // The connection form offers the integrations.
  await page.goto("/connections");
  await page.getByRole("button", { name: "Editar conexão" }).first().click();
  const connection = page.getByRole("dialog", { name: "Editar WhatsApp" });
  await connection.getByRole("combobox", { name: "Integração" }).click();
  await expect(page.getByRole("option", { name: renamed })).toBeVisible();
  await page.keyboard.press("Escape");
  await connection.getByRole("button", { name: "Cancelar" }).click();

  // Delete, after the warning about the queues and connections that use it.
  await page.goto("/queue-integration");
  await row(page, names.typebot)
    .getByRole("button", { name: `Excluir ${names.typebot}` })
    .click();
  const confirm = page.getByRole("dialog", { name: `Excluir ${names.typebot}?` });
  await expect(confirm.getByText(/removida das filas e conexões vinculadas/)).toBeVisible();
  await confirm.getByRole("button", { name: "Excluir" }).click();
  await expect(toast(page, "Integração excluída com sucesso.")).toBeVisible();
  await expect(row(page, names.typebot)).toHaveCount(0);
  await expect(row(watcher, names.typebot)).toHaveCount(0);
});

test("a company whose plan lacks useIntegrations is told so and sent to / after a second", async ({
  page,
  request,
}) => {
  const superUser = await apiLogin(request, DEMO.super);
  const plan = await request.post("/plans", {
    headers: superUser,
    data: {
      name: `Sem integrações ${unique()}`,
      users: 2,
      connections: 1,
      queues: 1,
      value: 0,
      useIntegrations: false,
    },
  });
  expect(plan.status(), await plan.text()).toBe(200);
  const email = `no-integrations-${unique()}@acme.test`;
  const company = await request.post("/companies", {
    headers: superUser,
    data: {
      name: `Sem integrações ${unique()}`,
      email,
      planId: ((await plan.json()) as { id: number }).id,
      dueDate: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString(),
      password: "secret123",
    },
  });
  expect(company.status(), await company.text()).toBe(200);

  await loginThroughForm(page, email, "secret123");
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(page.getByTestId("menu-connections")).toBeVisible();
  await expect(page.getByTestId("menu-queue-integration")).toHaveCount(0);
  await page.goto("/queue-integration");
  await expect(page.getByText(NO_PLAN)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Integrações" })).toHaveCount(0);
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  const admin = await apiLogin(request, email, "secret123");
  const refused = await request.post("/queueIntegration", {
    headers: admin,
    data: { type: "n8n", name: "Sem plano", urlN8N: "https://n8n.example.com" },
  });
  expect(refused.status()).toBe(403);
});
