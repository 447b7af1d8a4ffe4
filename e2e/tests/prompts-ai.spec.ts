import { join } from "node:path";
import type { Page } from "@playwright/test";
import { type FakeAiServices, startFakeAiServices } from "../../apps/server/test/fake-openai";
import { openAiPort } from "../playwright.config";
import { apiLogin, DEMO, expect, loginThroughForm, test, unique } from "./support";

const SCREENSHOTS = join(import.meta.dirname, "../screenshots");
/** The demo's simulator connection (seed.ts): it serves the queues Atendimento and Financeiro. */
const SIMULATOR = 1;
const QUEUE = "Atendimento";

/**
 * The OpenAI the server is configured with (OPENAI_BASE_URL): the official client's chat
 * completions reach this fake, which answers with OpenAI's JSON and keeps what it was sent.
 */
let openAi: FakeAiServices;
/** The prompt this spec made, removed after it even when it fails: a queue left with a prompt would answer other specs' customers. */
let promptName: string | undefined;
test.beforeAll(async () => {
  openAi = await startFakeAiServices(openAiPort);
});
test.afterAll(async ({ request }) => {
  if (promptName) {
    const headers = await apiLogin(request, DEMO.admin);
    const list = await request.get(`/prompt?searchParam=${encodeURIComponent(promptName)}`, { headers });
    const { prompts } = (await list.json()) as { prompts: { id: number; name: string }[] };
    for (const prompt of prompts.filter((p) => p.name === promptName)) {
      await request.delete(`/prompt/${prompt.id}`, { headers });
    }
  }
  await openAi?.close();
});

const promptRow = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

test("a prompt made on /prompts and set on a queue answers the simulator's customer through OpenAI", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const tag = unique();
  const name = `IA ${tag}`;
  const apiKey = `sk-proj-e2e-${unique()}${unique()}AI${tag}`;
  const instructions = `Você é a assistente virtual da loja ${tag}. Responda com educação, em português, em poucas frases.`;
  const customer = `Cliente ${tag}`;
  const question = `Qual é o horário da loja ${tag}?`;
  openAi.answerChat((call) => ({
    reply: `Olá! Sou a IA ${tag}. Você perguntou: ${call.body.messages.at(-1)?.content ?? ""}`,
  }));

  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  // The demo's simulator connection; it may already be paired by another spec, so a refused scan is fine.
  const token = await page.evaluate(() => localStorage.getItem("token"));
  await page.request.post(`/simulator/scan/${SIMULATOR}`, { headers: { Authorization: `Bearer ${token}` } });

  // The prompt: name, key, instructions and queue.
  await page.goto("/prompts");
  await page.getByRole("button", { name: "Adicionar Prompt" }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar Prompt" });
  await dialog.getByRole("textbox", { name: /^Nome/ }).fill(name);
  await dialog.getByLabel(/^API Key/).fill(apiKey);
  await dialog.getByRole("textbox", { name: /^Prompt/ }).fill(instructions);
  await dialog.getByRole("combobox", { name: /Setor\/Fila/ }).click();
  await page.getByRole("option", { name: QUEUE }).click();
  promptName = name;
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(page.getByText("Prompt salvo com sucesso!")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(promptRow(page, name)).toContainText(QUEUE);

  // The queue answers with it: the queue form's prompt select.
  await page.goto("/queues");
  await page.getByRole("row").filter({ hasText: QUEUE }).getByRole("button", { name: "Editar fila" }).click();
  const queueDialog = page.getByRole("dialog", { name: "Editar fila" });
  await queueDialog.getByRole("combobox", { name: "Prompt (OpenAI)" }).click();
  await page.getByRole("option", { name, exact: true }).click();
  await expect(queueDialog.getByRole("combobox", { name: "Prompt (OpenAI)" })).toHaveText(name);
  await queueDialog.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Fila salva com sucesso!")).toBeVisible();
  await expect(queueDialog).toBeHidden();

  // A customer writes on the simulator page, picks the queue from the bot's menu, and asks.
  const simulator = await context.newPage();
  await simulator.goto(`/simulator?whatsappId=${SIMULATOR}`);
  await expect(simulator.getByTestId("simulator-connection-status")).toHaveAttribute("data-status", "CONNECTED");
  await simulator
    .getByRole("textbox", { name: "Número" })
    .fill(`55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}`);
  await simulator.getByRole("textbox", { name: "Nome", exact: true }).fill(customer);
  const say = async (text: string) => {
    await simulator.getByRole("textbox", { name: "Mensagem do cliente" }).fill(text);
    await simulator.getByRole("textbox", { name: "Mensagem do cliente" }).press("Enter");
  };
  const received = (text: string) =>
    simulator
      .getByTestId("simulator-message")
      .filter({ hasText: text })
      .and(simulator.locator('[data-direction="outbound"]'));
  await say("Oi");
  const menu = received(QUEUE);
  await expect(menu).toBeVisible({ timeout: 20_000 });
  // The queue's number in the menu ("*1* - Atendimento"); no prompt has answered yet (the ticket has no queue).
  const menuText = (await menu.textContent()) ?? "";
  const option = new RegExp(`(\\d+)\\W*-\\s*${QUEUE}`).exec(menuText)?.[1];
  expect(option, menuText).toBeDefined();
  await say(option ?? "");
  await expect(received("Olá! Em que podemos ajudar?")).toBeVisible({ timeout: 20_000 });
  expect(openAi.chats).toHaveLength(0);

  await say(question);
  const answer = received(`Sou a IA ${tag}`);
  await expect(answer).toBeVisible({ timeout: 30_000 });
  await expect(answer).toContainText(`Você perguntou: ${question}`);
  await simulator.screenshot({ path: join(SCREENSHOTS, "prompts-ai-answer.png") });

  // What OpenAI was sent: the tenant's key, the prompt's model and limits, the prompt as the
  // system message (with the customer's name), and the conversation ending with the question.
  expect(openAi.chats).toHaveLength(1);
  const [call] = openAi.chats;
  expect(call?.authorization).toBe(`Bearer ${apiKey}`);
  expect(call?.body).toMatchObject({ model: "gpt-3.5-turbo-1106", max_tokens: 100, temperature: 1 });
  const system = call?.body.messages[0];
  expect(system?.role).toBe("system");
  expect(system?.content).toContain(instructions);
  expect(system?.content).toContain(`chame o cliente de ${customer}`);
  expect(call?.body.messages.at(-1)).toEqual({ role: "user", content: question });
  expect(call?.body.messages.filter((m) => m.role === "user").map((m) => m.content)).toContain("Oi");

  // The attendants see the AI's answer on the waiting ticket; one who accepts it takes over, and
  // the AI answers no more.
  await page.goto("/tickets");
  await page.getByRole("tab", { name: /Aguardando/ }).click();
  const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: customer });
  await expect(item).toBeVisible();
  await item.getByRole("button", { name: "Aceitar" }).click();
  const conversation = page.getByTestId("ticket-conversation");
  await expect(conversation.getByTestId("ticket-contact")).toContainText(customer);
  await expect(conversation.locator("[data-from-me='true']", { hasText: `Sou a IA ${tag}` })).toBeVisible();
  const after = `E aos domingos ${tag}?`;
  await say(after);
  await expect(conversation.getByTestId("messages-list")).toContainText(after);
  // Nothing to wait for but time: the step that would have called OpenAI runs right after the message.
  await page.waitForTimeout(2_000);
  expect(openAi.chats).toHaveLength(1);
});
