import { join } from "node:path";
import type { Page } from "@playwright/test";
import { apiLogin, DEMO, expect, loginThroughForm, test, unique } from "./support";

const SCREENSHOTS = join(import.meta.dirname, "../screenshots");
const NO_PLAN = "Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.";
const PROMPT_TEXT =
  "Você é a assistente virtual da loja. Responda com educação, em português, em no máximo três frases.";

const promptRow = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

test("prompts: refused with the spec's messages, created, edited with the key masked, offered to queues, deleted; another tab follows", async ({
  page,
  context,
}) => {
  const name = `Atendente ${unique()}`;
  const apiKey = `sk-proj-e2e-${unique()}${unique()}WXYZ`;

  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  const watcher = await context.newPage();
  await watcher.goto("/prompts");
  await expect(watcher.getByRole("heading", { name: "Prompts" })).toBeVisible();

  // The side menu's Open.Ai entry leads to the page.
  await page.getByTestId("menu-prompts").click();
  await expect(page).toHaveURL(/\/prompts$/);
  await expect(page.getByRole("heading", { name: "Prompts" })).toBeVisible();

  await page.getByRole("button", { name: "Adicionar Prompt" }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar Prompt" });
  const submit = dialog.getByRole("button", { name: "Adicionar", exact: true });
  await submit.click();
  await expect(dialog.getByText("Obrigatório")).toBeVisible();
  await expect(dialog.getByText("Informe a API Key")).toBeVisible();
  await expect(dialog.getByText("Descreva o treinamento para Inteligência Artificial")).toBeVisible();
  // No queue: 'set queue', on the field and as a toast.
  await expect(dialog.getByText("Informe a fila")).toBeVisible();
  await expect(page.locator(".Toastify").getByText("Informe a fila")).toBeVisible();

  await dialog.getByRole("textbox", { name: /^Nome/ }).fill("Bot");
  await dialog.getByRole("textbox", { name: /^Prompt/ }).fill("Seja breve.");
  await dialog.getByRole("spinbutton", { name: /^Temperatura/ }).fill("1.5");
  await submit.click();
  await expect(dialog.getByText("Muito curto!")).toHaveCount(2);
  await expect(dialog.getByText("Valor muito alto")).toBeVisible();

  // The spec's defaults are filled in.
  await expect(dialog.getByRole("combobox", { name: /Modelo/ })).toHaveText("GPT 3.5 Turbo");
  await expect(dialog.getByRole("spinbutton", { name: /^Máximo de Tokens/ })).toHaveValue("100");
  await expect(dialog.getByRole("spinbutton", { name: /^Máximo de mensagens/ })).toHaveValue("10");
  await expect(dialog.getByRole("combobox", { name: /Voz/ })).toHaveText("Texto");

  await dialog.getByRole("textbox", { name: /^Nome/ }).fill(name);
  const keyField = dialog.getByLabel(/^API Key/);
  await keyField.fill(apiKey);
  await expect(keyField).toHaveAttribute("type", "password");
  await dialog.getByRole("button", { name: "Mostrar a chave" }).first().click();
  await expect(keyField).toHaveAttribute("type", "text");
  await dialog.getByRole("textbox", { name: /^Prompt/ }).fill(PROMPT_TEXT);
  await dialog.getByRole("spinbutton", { name: /^Temperatura/ }).fill("0.5");
  await dialog.getByRole("combobox", { name: /Setor\/Fila/ }).click();
  await page.getByRole("option", { name: "Atendimento" }).click();
  await dialog.getByRole("combobox", { name: /Modelo/ }).click();
  await page.getByRole("option", { name: "GPT 4.0" }).click();
  await submit.click();
  await expect(page.getByText("Prompt salvo com sucesso!")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(promptRow(page, name)).toContainText("Atendimento");
  await expect(promptRow(page, name)).toContainText("100");
  // The other tab follows company-{id}-prompt.
  await expect(promptRow(watcher, name)).toBeVisible();

  // The server answers the key masked only. The page's own token: a second login would replace its session.
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const headers = { Authorization: `Bearer ${token}`, Accept: "application/json" };
  const list = await page.request.get("/prompt", { headers });
  const listed = (await list.json()) as { prompts: { id: number; name: string; apiKey: string }[] };
  expect(await list.text()).not.toContain(apiKey);
  const created = listed.prompts.find((prompt) => prompt.name === name);
  expect(created?.apiKey).toBe(`••••${apiKey.slice(-4)}`);

  // Editing shows the key masked; the mask sent back keeps the key.
  await promptRow(page, name).getByRole("button", { name: "Editar prompt" }).click();
  const edit = page.getByRole("dialog", { name: "Editar Prompt" });
  const editKey = edit.getByLabel(/^API Key/);
  await expect(editKey).toHaveValue(`••••${apiKey.slice(-4)}`);
  await edit.getByRole("button", { name: "Mostrar a chave" }).first().click();
  await expect(editKey).toHaveAttribute("type", "text");
  await expect(editKey).toHaveValue(`••••${apiKey.slice(-4)}`);
  await expect(edit.getByRole("combobox", { name: /Modelo/ })).toHaveText("GPT 4.0");
  await expect(edit.getByRole("spinbutton", { name: /^Temperatura/ })).toHaveValue("0.5");
  await page.screenshot({ path: join(SCREENSHOTS, "prompts-dialog.png") });
  await edit.getByRole("spinbutton", { name: /^Máximo de Tokens/ }).fill("300");
  await edit.getByRole("button", { name: "Salvar" }).click();
  await expect(edit).toBeHidden();
  await expect(promptRow(page, name)).toContainText("300");
  await expect(promptRow(watcher, name)).toContainText("300");
  const shown = await page.request.get(`/prompt/${created?.id}`, { headers });
  expect(await shown.json()).toMatchObject({ apiKey: `••••${apiKey.slice(-4)}`, maxTokens: 300 });
  await page.screenshot({ path: join(SCREENSHOTS, "prompts-list.png") });

  // The queue form offers the company's prompts.
  await watcher.goto("/queues");
  await watcher.getByRole("row").filter({ hasText: "Financeiro" }).getByRole("button", { name: "Editar fila" }).click();
  const queueDialog = watcher.getByRole("dialog", { name: "Editar fila" });
  await queueDialog.getByRole("combobox", { name: "Prompt (OpenAI)" }).click();
  await expect(watcher.getByRole("option", { name })).toBeVisible();
  await watcher.keyboard.press("Escape");
  await watcher.goto("/prompts");
  await expect(promptRow(watcher, name)).toBeVisible();

  await promptRow(page, name).getByRole("button", { name: "Excluir prompt" }).click();
  await expect(page.getByText(`Excluir o prompt ${name}?`)).toBeVisible();
  await page.getByRole("button", { name: "Excluir", exact: true }).click();
  await expect(page.getByText("Prompt excluído com sucesso!")).toBeVisible();
  await expect(promptRow(page, name)).toHaveCount(0);
  await expect(promptRow(watcher, name)).toHaveCount(0);
});

test("a company whose plan lacks useOpenAi is told so and sent to / after a second", async ({ page, request }) => {
  const superUser = await apiLogin(request, DEMO.super);
  const plan = await request.post("/plans", {
    headers: superUser,
    data: { name: `Sem IA ${unique()}`, users: 2, connections: 1, queues: 1, value: 0, useOpenAi: false },
  });
  expect(plan.status(), await plan.text()).toBe(200);
  const email = `no-ai-${unique()}@acme.test`;
  const company = await request.post("/companies", {
    headers: superUser,
    data: {
      name: `Sem IA ${unique()}`,
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
  await expect(page.getByTestId("menu-prompts")).toHaveCount(0);

  await page.goto("/prompts");
  await expect(page.getByText(NO_PLAN)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Prompts" })).toHaveCount(0);
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  // The server refuses the same: creating one needs the flag.
  const admin = await apiLogin(request, email, "secret123");
  const refused = await request.post("/prompt", {
    headers: admin,
    data: { name: "Sem plano", prompt: PROMPT_TEXT, apiKey: "sk-x", queueId: 1 },
  });
  expect(refused.status()).toBe(403);
});
