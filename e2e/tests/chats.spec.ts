import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { apiLogin, DEMO, expect, loginThroughForm, test, unique } from "./support";

type Headers = Record<string, string>;
interface ChatAnswer {
  id: number;
  uuid: string;
  users: { userId: number; unreads: number }[];
}

/** Reads every chat the user has unread, so each test starts from no unread marks (the demo may seed some). */
async function readAll(request: APIRequestContext, headers: Headers) {
  for (let pageNumber = 1; ; pageNumber++) {
    const page = (await (await request.get("/chats/", { headers, params: { pageNumber } })).json()) as {
      records: ChatAnswer[];
      hasMore: boolean;
    };
    for (const chat of page.records) {
      if (chat.users.some((member) => member.unreads > 0)) {
        await request.post(`/chats/${chat.id}/read`, { headers });
      }
    }
    if (!page.hasMore) return;
  }
}

async function signedIn(browser: Browser, email: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await loginThroughForm(page, email);
  await expect(page).not.toHaveURL(/\/login$/);
  return { context, page };
}

const messagesOf = (page: Page) => page.getByTestId("chat-messages");

test("two users chat live at 1366 px: owner-only actions, unread dot and count that clear on read", async ({
  browser,
  request,
}) => {
  // Two browsers signing in and talking: on a loaded machine this passes the default minute.
  test.setTimeout(120_000);
  const adminHeaders = await apiLogin(request, DEMO.admin);
  const agentHeaders = await apiLogin(request, DEMO.agent);
  await readAll(request, adminHeaders);
  await readAll(request, agentHeaders);
  const title = `Plantão ${unique()}`;
  const wide = { width: 1366, height: 800 };
  const admin = await signedIn(browser, DEMO.admin, wide);
  const agent = await signedIn(browser, DEMO.agent, wide);
  // In-app navigation from the menu: a full load per step would cost seconds.
  await agent.page.getByTestId("menu-chats").click();
  await expect(agent.page.getByRole("heading", { name: "Chat interno", level: 1 })).toBeVisible();

  // The admin creates the chat through the dialog; the spec's alerts come first.
  await admin.page.getByTestId("menu-chats").click();
  await expect(admin.page.getByText("Selecione um chat", { exact: true })).toBeVisible();
  await admin.page.getByTestId("chat-new").click();
  const dialog = admin.page.getByRole("dialog", { name: "Novo chat" });
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(admin.page.getByText("Por favor, preencha o título do chat.")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Título" }).fill(title);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(admin.page.getByText("Por favor, selecione pelo menos um usuário.")).toBeVisible();
  await dialog.getByRole("combobox", { name: "Usuários" }).click();
  await admin.page.getByRole("option", { name: "Bruno Atendente" }).click();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(admin.page.getByText("Chat salvo com sucesso.")).toBeVisible();
  await expect(admin.page).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
  await expect(admin.page.getByTestId("chat-conversation-title")).toHaveText(title);
  await expect(admin.page.getByTestId("chat-edit")).toBeVisible();
  await expect(admin.page.getByTestId("chat-delete")).toBeVisible();
  // Blank text is not sent.
  await admin.page.getByTestId("chat-input").locator("textarea").first().fill("   ");
  await expect(admin.page.getByTestId("chat-send")).toBeDisabled();

  // The attendant's list gets it live; opened, it offers no edit or delete (not the owner).
  const agentItem = agent.page.getByTestId("chat-list").getByTestId("chat-item").filter({ hasText: title });
  await agentItem.click();
  await expect(agent.page.getByTestId("chat-conversation-title")).toHaveText(title);
  await expect(agent.page.getByTestId("chat-edit")).toHaveCount(0);
  await expect(agent.page.getByTestId("chat-delete")).toHaveCount(0);

  // The admin steps away from the conversation; the attendant writes.
  await admin.page.getByTestId("menu-todolist").click();
  await expect(admin.page).toHaveURL(/\/todolist$/);
  const dot = admin.page.getByTestId("menu-chats").getByTestId("chats-unread-dot");
  await expect(dot).toHaveCount(0);
  await agent.page.getByTestId("chat-input").locator("textarea").first().fill("Oi, Ana! Assumo a fila agora.");
  await agent.page.getByTestId("chat-input").locator("textarea").first().press("Enter");
  await expect(messagesOf(agent.page)).toContainText("Oi, Ana! Assumo a fila agora.");

  // Live on the admin's side: the menu's dot, the top bar's count and the list's count.
  await expect(dot).toBeVisible();
  await expect(admin.page.getByTestId("chats-badge").locator(".MuiBadge-badge")).toHaveText("1");
  await admin.page.getByTestId("chats-button").click();
  const popoverItem = admin.page.getByTestId("chats-popover-list").getByTestId("chat-item").filter({ hasText: title });
  await expect(popoverItem.getByTestId("chat-unreads")).toHaveText("1");
  await expect(popoverItem).toContainText("Oi, Ana! Assumo a fila agora.");

  // Opened from the top bar's popover, it is read: every mark clears.
  await popoverItem.click();
  await expect(messagesOf(admin.page)).toContainText("Oi, Ana! Assumo a fila agora.");
  await expect(dot).toHaveCount(0);
  await expect(admin.page.getByTestId("chats-badge").locator(".MuiBadge-badge")).toBeHidden();
  const adminItem = admin.page.getByTestId("chat-list").getByTestId("chat-item").filter({ hasText: title });
  await expect(adminItem).toBeVisible();
  await expect(adminItem.getByTestId("chat-unreads")).toHaveCount(0);

  // The reply reaches the attendant, whose conversation is open, without a reload.
  await admin.page.getByTestId("chat-input").locator("textarea").first().fill("Combinado, obrigada!");
  await admin.page.getByTestId("chat-send").click();
  await expect(messagesOf(agent.page)).toContainText("Combinado, obrigada!");
  await expect(messagesOf(agent.page).getByText("Ana Admin")).toBeVisible();

  // The owner deletes it; it leaves the attendant's screen too.
  await admin.page.getByTestId("chat-delete").click();
  await admin.page.getByRole("button", { name: "Excluir", exact: true }).click();
  await expect(admin.page.getByText("Chat excluído com sucesso.")).toBeVisible();
  await expect(agent.page).toHaveURL(/\/chats$/);
  await expect(agentItem).toHaveCount(0);

  await admin.context.close();
  await agent.context.close();
});

test("at 390 px the list and the conversation are tabs; older messages load when scrolled to the top", async ({
  browser,
  request,
}) => {
  const adminHeaders = await apiLogin(request, DEMO.admin);
  const agentHeaders = await apiLogin(request, DEMO.agent);
  await readAll(request, agentHeaders);
  const me = (await (await request.get("/auth/me", { headers: agentHeaders })).json()) as { id: number };
  const title = `Escala ${unique()}`;
  const created = await request.post("/chats", { headers: adminHeaders, data: { title, users: [me.id] } });
  expect(created.status(), await created.text()).toBe(200);
  const chat = (await created.json()) as ChatAnswer;
  // More than one page (20) of history.
  for (let index = 1; index <= 24; index++) {
    await request.post(`/chats/${chat.id}/messages`, { headers: adminHeaders, data: { message: `Aviso ${index}` } });
  }

  const agent = await signedIn(browser, DEMO.agent, { width: 390, height: 844 });
  await agent.page.goto("/chats");
  const chatsTab = agent.page.getByTestId("chat-tab-chats");
  await expect(chatsTab).toHaveAttribute("aria-selected", "true");
  const item = agent.page.getByTestId("chat-list").getByTestId("chat-item").filter({ hasText: title });
  await expect(item.getByTestId("chat-unreads")).toHaveText("24");
  await expect(chatsTab.locator(".MuiBadge-dot")).toBeVisible();

  // A chat tapped opens the messages tab at the newest message, and is read.
  await item.click();
  await expect(agent.page.getByTestId("chat-tab-messages")).toHaveAttribute("aria-selected", "true");
  await expect(agent.page.getByTestId("chat-list")).toHaveCount(0);
  const messages = messagesOf(agent.page);
  await expect(messages.getByText("Aviso 24", { exact: true })).toBeInViewport();
  await expect(messages.getByText("Aviso 1", { exact: true })).toHaveCount(0);
  await expect(chatsTab.locator(".MuiBadge-dot")).toBeHidden();

  // Scrolled to the top, the older page comes in above, and the reader stays where they were.
  await messages.evaluate((box) => {
    box.scrollTop = 0;
  });
  await expect(messages.getByText("Aviso 1", { exact: true })).toBeAttached();
  await expect(messages.getByTestId("chat-message")).toHaveCount(24);
  await expect(messages.getByText("Aviso 5", { exact: true })).toBeInViewport();

  // A live message lands at the bottom; the reply goes out.
  await request.post(`/chats/${chat.id}/messages`, { headers: adminHeaders, data: { message: "Última chamada" } });
  await expect(messages.getByText("Última chamada")).toBeVisible();
  await agent.page.getByTestId("chat-input").locator("textarea").first().fill("Ciente!");
  await agent.page.getByTestId("chat-send").click();
  await expect(messages.getByText("Ciente!")).toBeVisible();
  const thread = (await (await request.get(`/chats/${chat.id}/messages`, { headers: adminHeaders })).json()) as {
    records: { message: string }[];
  };
  expect(thread.records.at(-1)?.message).toBe("Ciente!");

  // Back on the list tab, nothing is unread.
  await chatsTab.click();
  await expect(item).toContainText("Ciente!");
  await expect(item.getByTestId("chat-unreads")).toHaveCount(0);
  await agent.context.close();
});
