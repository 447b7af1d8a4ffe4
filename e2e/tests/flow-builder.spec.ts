import { join } from "node:path";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { DEMO, expect, loginThroughForm, pageSessionHeaders, test, unique } from "./support";

const SCREENSHOTS = join(import.meta.dirname, "../screenshots");

/** Real file heads: the server types uploads by their bytes. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==",
  "base64",
);
const OPUS = Buffer.concat([Buffer.from("OggS\0\x02", "latin1"), Buffer.alloc(22), Buffer.from("OpusHead\x01\x01")]);
const MP3 = Buffer.from([0xff, 0xfb, 0x90, 0x44, 0, 0, 0, 0]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom\0\0\x02\0isomiso2")]);

type Headers = Awaited<ReturnType<typeof pageSessionHeaders>>;
interface SavedNode {
  id: string;
  type: string;
  position: { x: number; y: number };
  data: Record<string, unknown>;
}
interface SavedEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string | null;
}
interface SavedFlow {
  nodes: SavedNode[];
  connections: SavedEdge[];
}

test.use({ viewport: { width: 1600, height: 1000 } });

async function newFlow(request: APIRequestContext, headers: Headers, name: string): Promise<number> {
  const created = await request.post("/flowbuilder", { headers, data: { name } });
  expect(created.status(), await created.text()).toBe(200);
  return ((await created.json()) as { id: number }).id;
}

async function savedFlow(request: APIRequestContext, headers: Headers, id: number): Promise<SavedFlow> {
  const answer = await request.get(`/flowbuilder/flow/${id}`, { headers });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { flow: { flow: SavedFlow } }).flow.flow;
}

const canvasNode = (page: Page, type: string): Locator => page.locator(`.react-flow__node-${type}`);

/** Opens the floating menu and picks a block; answers its create dialog. */
async function chooseBlock(page: Page, block: string, dialogTitle: string): Promise<Locator> {
  await page.getByRole("button", { name: "Adicionar bloco" }).click();
  await page.getByRole("menuitem", { name: block, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: dialogTitle });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Everything in view, so handles and cards can be reached wherever the placement put them. */
/**
 * Fits the canvas to the screen and waits until the viewport holds still: the fit is drawn on a later
 * frame, and handles read before it are where they were (a drag from there missed its handle in CI).
 */
async function fitView(page: Page) {
  await page.getByRole("button", { name: "fit view" }).click();
  const viewport = page.locator(".react-flow__viewport");
  const transformAfterTwoFrames = () =>
    viewport.evaluate(
      (element) =>
        new Promise<string>((done) =>
          requestAnimationFrame(() => requestAnimationFrame(() => done((element as HTMLElement).style.transform))),
        ),
    );
  let last = await transformAfterTwoFrames();
  await expect
    .poll(async () => {
      const now = await transformAfterTwoFrames();
      const still = now === last;
      last = now;
      return still;
    })
    .toBe(true);
}

/** Drags a connection from a source handle to a node's target handle, and sees the new edge drawn. */
async function connect(page: Page, source: Locator, target: Locator) {
  const edges = page.locator(".react-flow__edge");
  const before = await edges.count();
  await fitView(page);
  const from = await source.boundingBox();
  const to = await target.locator(".react-flow__handle.target").boundingBox();
  if (!from || !to) throw new Error("a handle is not on screen");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect(edges).toHaveCount(before + 1);
}

const sourceOf = (node: Locator, handle?: string) =>
  node.locator(handle ? `.react-flow__handle.source[data-handleid="${handle}"]` : ".react-flow__handle.source");

/** What the canvas shows: each node's id and type, each edge's ends. */
async function drawnGraph(page: Page) {
  const nodes = await page
    .locator(".react-flow__node")
    .evaluateAll((elements) =>
      elements
        .map(
          (element) => `${element.getAttribute("data-id")} ${element.className.match(/react-flow__node-(\w+)/)?.[1]}`,
        )
        .sort(),
    );
  const edges = await page
    .locator(".react-flow__edge")
    .evaluateAll((elements) => elements.map((element) => element.getAttribute("data-testid")).sort());
  return { nodes, edges };
}

test.beforeEach(async ({ page }) => {
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
});

test("builder: every node kind through its dialog, connected, saved, and the same graph after a reload", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const headers = await pageSessionHeaders(page);
  const flowId = await newFlow(page.request, headers, `Construtor ${unique()}`);

  await page.goto(`/flowbuilder/${flowId}`);
  await expect(page.getByRole("heading", { name: "Desenhe seu fluxo" })).toBeVisible();
  await expect(page.getByText("Não se esqueça de salvar seu fluxo!")).toBeVisible();
  // A flow never saved: the start node alone, id 1.
  await expect(page.locator('.react-flow__node[data-id="1"]')).toContainText("Inicio do fluxo");
  await expect(page.locator(".react-flow__minimap")).toBeVisible();
  await expect(page.locator(".react-flow__controls")).toBeVisible();
  await expect(page.locator(".react-flow__background")).toBeVisible();

  // Conteúdo with one text card makes a message node; an empty text is refused first.
  let dialog = await chooseBlock(page, "Conteúdo", "Adicionar conteúdo ao fluxo");
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog.getByText("Adicione ao menos um conteúdo")).toBeVisible();
  await dialog.getByRole("button", { name: "Texto", exact: true }).click();
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog.getByText("Campos de mensagem vazio!")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Mensagem" }).fill("Olá! Bem-vindo.");
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(page.getByText("Conteúdo adicionada com sucesso!")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(canvasNode(page, "message")).toContainText("Olá! Bem-vindo.");

  // One image card makes an image node: an empty media card is refused, a wrong type too.
  dialog = await chooseBlock(page, "Conteúdo", "Adicionar conteúdo ao fluxo");
  await dialog.getByRole("button", { name: "Imagem", exact: true }).click();
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog.getByText("Delete os cards vazios(Imagem, Audio e Video)")).toBeVisible();
  await dialog.getByTestId("media-input-img").setInputFiles({ name: "logo.gif", mimeType: "image/gif", buffer: PNG });
  await expect(dialog.getByText("Apenas imagens PNG ou JPG")).toBeVisible();
  await dialog.getByTestId("media-input-img").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG });
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog.getByText("Enviando arquivos...").first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(canvasNode(page, "img").locator("img")).toHaveAttribute("src", /^\/public\/company\d+\/[\w-]+\.png$/);

  for (const [card, input, file, type] of [
    ["Áudio", "media-input-audio", { name: "voz.opus", mimeType: "audio/ogg", buffer: OPUS }, "audio"],
    ["Vídeo", "media-input-video", { name: "clipe.mp4", mimeType: "video/mp4", buffer: MP4 }, "video"],
  ] as const) {
    dialog = await chooseBlock(page, "Conteúdo", "Adicionar conteúdo ao fluxo");
    await dialog.getByRole("button", { name: card, exact: true }).click();
    await dialog.getByTestId(input).setInputFiles(file);
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(canvasNode(page, type)).toHaveCount(1);
  }

  // Several cards make a content sequence; an interval of 0 is refused.
  dialog = await chooseBlock(page, "Conteúdo", "Adicionar conteúdo ao fluxo");
  await dialog.getByRole("button", { name: "Texto", exact: true }).click();
  await dialog.getByRole("button", { name: "Intervalo", exact: true }).click();
  await dialog.getByRole("button", { name: "Áudio", exact: true }).click();
  await dialog.getByRole("textbox", { name: "Mensagem" }).fill("Veja nosso catálogo");
  await dialog.getByRole("spinbutton", { name: "Tempo de espera" }).fill("0");
  await dialog
    .getByTestId("media-input-audio")
    .setInputFiles({ name: "musica.mp3", mimeType: "audio/mpeg", buffer: MP3 });
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog.getByText("Intervalo não pode ser 0 ou maior que 120!")).toBeVisible();
  await dialog.getByRole("spinbutton", { name: "Tempo de espera" }).fill("3");
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(canvasNode(page, "singleBlock")).toContainText("Veja nosso catálogo");
  await expect(canvasNode(page, "singleBlock")).toContainText("Intervalo 3 seg.");
  await expect(canvasNode(page, "singleBlock")).toContainText("musica.mp3");

  // Menu: options numbered from 1, only the last removable.
  dialog = await chooseBlock(page, "Menu", "Adicionar menu ao fluxo");
  await dialog.getByRole("textbox", { name: "Mensagem do menu" }).fill("Escolha uma opção");
  await dialog.getByRole("textbox", { name: "Opção 1" }).fill("Vendas");
  await dialog.getByRole("button", { name: "Adicionar opção" }).click();
  await dialog.getByRole("textbox", { name: "Opção 2" }).fill("Suporte");
  await dialog.getByRole("button", { name: "Adicionar opção" }).click();
  await expect(dialog.getByRole("button", { name: /Remover a opção/ })).toHaveCount(1);
  await expect(dialog.getByRole("button", { name: "Remover a opção 3" })).toBeVisible();
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog.getByText("Obrigatório")).toBeVisible();
  await dialog.getByRole("button", { name: "Remover a opção 3" }).click();
  await expect(dialog.getByRole("button", { name: "Remover a opção 2" })).toBeVisible();
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog).toBeHidden();
  const menu = canvasNode(page, "menu");
  await expect(menu).toContainText("[1] Vendas");
  await expect(menu).toContainText("[2] Suporte");
  await expect(menu.locator(".react-flow__handle.source")).toHaveCount(2);

  dialog = await chooseBlock(page, "Randomizador", "Adicionar randomizador ao fluxo");
  await dialog.getByRole("slider").press("ArrowRight");
  await expect(dialog.getByText("a: 60%")).toBeVisible();
  await expect(dialog.getByText("b: 40%")).toBeVisible();
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(canvasNode(page, "randomizer").locator(".react-flow__handle.source")).toHaveCount(2);

  // Interval: 1 to 120 seconds; Enter submits.
  dialog = await chooseBlock(page, "Intervalo", "Adicionar intervalo ao fluxo");
  const seconds = dialog.getByRole("spinbutton", { name: "Tempo de espera" });
  await expect(seconds).toBeFocused();
  await seconds.press("Enter");
  await expect(dialog.getByText("Adicione o valor de intervalo")).toBeVisible();
  await seconds.fill("121");
  await seconds.press("Enter");
  await expect(dialog.getByText("Máximo de tempo atingido 120 segundos")).toBeVisible();
  await seconds.fill("10");
  await seconds.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(canvasNode(page, "interval")).toContainText("Intervalo 10 seg.");

  dialog = await chooseBlock(page, "Ticket", "Adicionar fila ao fluxo");
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog.getByText("Adicione uma fila")).toBeVisible();
  await dialog.getByRole("combobox", { name: "Fila" }).click();
  await page.getByRole("option", { name: "Financeiro" }).click();
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(canvasNode(page, "ticket")).toContainText("Fila: Financeiro");

  dialog = await chooseBlock(page, "Pergunta", "Adicionar Perguta ao fluxo");
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog.getByText("Obrigatório")).toHaveCount(2);
  await dialog.getByRole("textbox", { name: "Mensagem" }).fill("Qual é o seu nome?");
  await dialog.getByRole("textbox", { name: "Salvar resposta" }).fill("nome");
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(canvasNode(page, "question")).toContainText("Resposta em {{nome}}");
  // The question's variable is offered to the texts written after it.
  expect(await page.evaluate(() => localStorage.getItem("variables"))).toBe('["nome"]');

  dialog = await chooseBlock(page, "OpenAI", "Adicionar OpenAI ao fluxo");
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog.getByText("Obrigatório")).toHaveCount(3);
  await expect(dialog.getByRole("spinbutton", { name: "Temperatura" })).toHaveValue("1");
  await expect(dialog.getByRole("spinbutton", { name: "Máximo de tokens na resposta" })).toHaveValue("100");
  await expect(dialog.getByRole("spinbutton", { name: "Máximo de mensagens no histórico" })).toHaveValue("10");
  await expect(dialog.getByRole("combobox", { name: "Voz" })).toHaveText("Texto");
  await dialog.getByRole("textbox", { name: "Nome" }).fill("Assistente");
  const apiKey = dialog.getByLabel("API Key");
  await apiKey.fill("sk-teste-123");
  await expect(apiKey).toHaveAttribute("type", "password");
  await dialog.getByRole("button", { name: "Mostrar a chave" }).click();
  await expect(apiKey).toHaveAttribute("type", "text");
  await dialog.getByRole("textbox", { name: "Prompt" }).fill("Você é um assistente da loja.");
  await dialog.getByRole("combobox", { name: "Voz" }).click();
  await page.getByRole("option", { name: "Francisca" }).click();
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(canvasNode(page, "openai")).toContainText("Voz: Francisca");

  dialog = await chooseBlock(page, "Typebot", "Adicionar Typebot ao fluxo");
  await dialog.getByRole("textbox", { name: "Nome" }).fill("Bot de vendas");
  await dialog.getByRole("textbox", { name: "URL do Typebot" }).fill("typebot");
  await dialog.getByRole("textbox", { name: "Typebot - Slug" }).fill("vendas");
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog.getByText("Digite uma URL http ou https")).toBeVisible();
  await dialog.getByRole("textbox", { name: "URL do Typebot" }).fill("https://typebot.example.com");
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(canvasNode(page, "typebot")).toContainText("Bot de vendas");

  // Double-click edits: the message's text changes in place.
  await fitView(page);
  await canvasNode(page, "message").dblclick();
  dialog = page.getByRole("dialog", { name: "Editar mensagem" });
  await dialog.getByRole("textbox", { name: "Mensagem" }).fill("Olá, ");
  await dialog.getByRole("button", { name: "{{nome}}" }).click();
  await expect(dialog.getByRole("textbox", { name: "Mensagem" })).toHaveValue("Olá, {{nome}}");
  await dialog.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(canvasNode(page, "message")).toContainText("Olá, {{nome}}");

  // Connections: start → message → menu; option 1 → image, option 2 → randomizer; a → interval, b → ticket.
  await connect(page, sourceOf(page.locator('.react-flow__node[data-id="1"]')), canvasNode(page, "message"));
  await connect(page, sourceOf(canvasNode(page, "message")), canvasNode(page, "menu"));
  await connect(page, sourceOf(menu, "a1"), canvasNode(page, "img"));
  await connect(page, sourceOf(menu, "a2"), canvasNode(page, "randomizer"));
  await connect(page, sourceOf(canvasNode(page, "randomizer"), "a"), canvasNode(page, "interval"));
  await connect(page, sourceOf(canvasNode(page, "randomizer"), "b"), canvasNode(page, "ticket"));
  await expect(page.locator(".react-flow__edge")).toHaveCount(6);
  await fitView(page);
  await page.screenshot({ path: join(SCREENSHOTS, "flow-builder.png") });

  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText("Fluxo salvo com sucesso")).toBeVisible();
  const saved = await savedFlow(page.request, headers, flowId);
  expect(saved.nodes.map((node) => node.type).sort()).toEqual(
    [
      "start",
      "message",
      "img",
      "audio",
      "video",
      "singleBlock",
      "menu",
      "randomizer",
      "interval",
      "ticket",
      "question",
      "openai",
      "typebot",
    ].sort(),
  );
  for (const node of saved.nodes.filter((item) => item.type !== "start")) expect(node.id).toMatch(/^[A-Za-z0-9]{30}$/);
  const byType = new Map(saved.nodes.map((node) => [node.type, node]));
  const handleOf = (from: string, to: string) =>
    saved.connections.find((edge) => edge.source === byType.get(from)?.id && edge.target === byType.get(to)?.id)
      ?.sourceHandle ?? null;
  expect(handleOf("start", "message")).toBeNull();
  expect(handleOf("menu", "img")).toBe("a1");
  expect(handleOf("menu", "randomizer")).toBe("a2");
  expect(handleOf("randomizer", "interval")).toBe("a");
  expect(handleOf("randomizer", "ticket")).toBe("b");
  expect(byType.get("randomizer")?.data).toEqual({ percent: 60 });
  expect(byType.get("openai")?.data).toMatchObject({
    typebotIntegration: {
      name: "Assistente",
      projectName: "Assistente",
      voice: "pt-BR-FranciscaNeural",
      temperature: 1,
      maxTokens: 100,
      maxMessages: 10,
      queueId: null,
    },
  });
  const drawn = await drawnGraph(page);

  // The same graph after a reload: the canvas draws it again, and saving it stores the same document.
  await page.reload();
  await expect(page.getByRole("progressbar")).toBeVisible();
  await expect(page.locator(".react-flow__node")).toHaveCount(13);
  await expect(page.locator(".react-flow__edge")).toHaveCount(6);
  expect(await drawnGraph(page)).toEqual(drawn);
  expect(await page.evaluate(() => localStorage.getItem("variables"))).toBe('["nome"]');
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText("Fluxo salvo com sucesso").first()).toBeVisible();
  expect(await savedFlow(page.request, headers, flowId)).toEqual(saved);
});

test("builder: selection, Backspace and Delete, duplicate 240 right of the rightmost, new nodes 40 past the last", async ({
  page,
}) => {
  const headers = await pageSessionHeaders(page);
  const flowId = await newFlow(page.request, headers, `Teclado ${unique()}`);
  const first = "A".repeat(30);
  const second = "B".repeat(30);
  const stored = await page.request.post("/flowbuilder/flow", {
    headers,
    data: {
      idFlow: flowId,
      nodes: [
        { id: "1", type: "start", position: { x: 250, y: 100 }, data: { label: "Inicio do fluxo" } },
        { id: first, type: "message", position: { x: 600, y: 100 }, data: { label: "Primeira" } },
        { id: second, type: "message", position: { x: 1000, y: 300 }, data: { label: "Segunda" } },
      ],
      connections: [
        { id: "start-first", source: "1", target: first },
        { id: "first-second", source: first, target: second },
      ],
    },
  });
  expect(stored.status(), await stored.text()).toBe(200);

  await page.goto(`/flowbuilder/${flowId}`);
  const firstNode = page.locator(`.react-flow__node[data-id="${first}"]`);
  const secondNode = page.locator(`.react-flow__node[data-id="${second}"]`);
  await expect(secondNode).toContainText("Segunda");
  await expect(page.locator(".react-flow__edge")).toHaveCount(2);
  // The start node has neither duplicate nor delete icons.
  await expect(page.locator('.react-flow__node[data-id="1"]').getByRole("button")).toHaveCount(0);

  // A click highlights the node in blue; a click on a connection clears it.
  const blue = "rgb(25, 118, 210)";
  await firstNode.click();
  await expect(firstNode.getByTestId("flow-node-message")).toHaveCSS("border-top-color", blue);
  await page.locator('[data-testid="rf__edge-first-second"] .react-flow__edge-interaction').click();
  await expect(firstNode.getByTestId("flow-node-message")).not.toHaveCSS("border-top-color", blue);

  // Delete removes the selected connection; Backspace the selected node, with its connections.
  await page.keyboard.press("Delete");
  await expect(page.locator(".react-flow__edge")).toHaveCount(1);
  await secondNode.click();
  await page.keyboard.press("Backspace");
  await expect(secondNode).toHaveCount(0);
  await expect(page.locator('.react-flow__node[data-id="1"]')).toBeVisible();

  // Backspace in a dialog's field edits the field, not the canvas.
  await firstNode.click();
  const dialog = await chooseBlock(page, "Intervalo", "Adicionar intervalo ao fluxo");
  const seconds = dialog.getByRole("spinbutton", { name: "Tempo de espera" });
  await seconds.fill("150");
  await seconds.press("Backspace");
  await expect(seconds).toHaveValue("15");
  await seconds.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(firstNode).toBeVisible();

  // The duplicate goes 240 right of the rightmost node (the interval just added), at the original's height.
  await firstNode.getByRole("button", { name: "Duplicar" }).click();
  await expect(page.locator(".react-flow__node-message")).toHaveCount(2);
  await expect(page.getByText("Alterações não salvas")).toBeVisible();
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText("Fluxo salvo com sucesso")).toBeVisible();
  await expect(page.getByText("Alterações não salvas")).toBeHidden();
  const saved = await savedFlow(page.request, headers, flowId);
  const position = (id: string) => saved.nodes.find((node) => node.id === id)?.position;
  const interval = saved.nodes.find((node) => node.type === "interval");
  const copy = saved.nodes.find((node) => node.type === "message" && node.id !== first);
  // A new node: 40 units past the right edge of the last node (the 260-wide first message), at its height.
  expect(interval?.position).toEqual({ x: 600 + 260 + 40, y: 100 });
  expect(interval?.data).toEqual({ sec: 15 });
  expect(copy?.position).toEqual({ x: 900 + 240, y: 100 });
  expect(copy?.data).toEqual({ label: "Primeira" });
  expect(copy?.id).toMatch(/^[A-Za-z0-9]{30}$/);
  expect(position(second)).toBeUndefined();
  expect(saved.connections).toEqual([
    { id: "start-first", source: "1", target: first, sourceHandle: null, targetHandle: null },
  ]);

  // The delete icon removes the node and its connections.
  await firstNode.getByRole("button", { name: "Excluir" }).click();
  await expect(firstNode).toHaveCount(0);
  await expect(page.locator(".react-flow__edge")).toHaveCount(0);

  // Leaving with that edit not saved asks first.
  const asked = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const leave = await asked;
  expect(leave.type()).toBe("beforeunload");
  await leave.accept();
});

test("a flow drawn in the builder runs for a customer of the simulator who sends its phrase", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const tag = unique();
  const headers = await pageSessionHeaders(page);
  const flowId = await newFlow(page.request, headers, `Loja ${tag}`);
  // The demo's simulator connection; it may already be paired by another spec, so a refused scan is fine.
  await page.request.post("/simulator/scan/1");
  const phrase = `quero comprar ${tag}`;
  const campaign = await page.request.post("/flowcampaign", {
    headers,
    data: { name: `Frase ${tag}`, flowId, whatsappId: 1, phrase },
  });
  expect(campaign.status(), await campaign.text()).toBe(200);

  await page.goto(`/flowbuilder/${flowId}`);
  await expect(page.locator('.react-flow__node[data-id="1"]')).toBeVisible();
  const addText = async (text: string, variable?: string) => {
    const dialog = await chooseBlock(page, "Conteúdo", "Adicionar conteúdo ao fluxo");
    await dialog.getByRole("button", { name: "Texto", exact: true }).click();
    await dialog.getByRole("textbox", { name: "Mensagem" }).fill(text);
    if (variable) await dialog.getByRole("button", { name: `{{${variable}}}` }).click();
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(dialog).toBeHidden();
    return page.locator(".react-flow__node-message").filter({ hasText: text });
  };
  const welcome = await addText("Bem-vindo à loja!");
  let dialog = await chooseBlock(page, "Pergunta", "Adicionar Perguta ao fluxo");
  await dialog.getByRole("textbox", { name: "Mensagem" }).fill("Qual é o seu nome?");
  await dialog.getByRole("textbox", { name: "Salvar resposta" }).fill("nome");
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog).toBeHidden();
  const thanks = await addText("Obrigado,", "nome");
  dialog = await chooseBlock(page, "Menu", "Adicionar menu ao fluxo");
  await dialog.getByRole("textbox", { name: "Mensagem do menu" }).fill("Como podemos ajudar?");
  await dialog.getByRole("textbox", { name: "Opção 1" }).fill("Vendas");
  await dialog.getByRole("button", { name: "Adicionar opção" }).click();
  await dialog.getByRole("textbox", { name: "Opção 2" }).fill("Suporte");
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(dialog).toBeHidden();
  const sales = await addText("Nossa equipe de vendas já vai falar com você.");

  await connect(page, sourceOf(page.locator('.react-flow__node[data-id="1"]')), welcome);
  await connect(page, sourceOf(welcome), canvasNode(page, "question"));
  await connect(page, sourceOf(canvasNode(page, "question")), thanks);
  await connect(page, sourceOf(thanks), canvasNode(page, "menu"));
  await connect(page, sourceOf(canvasNode(page, "menu"), "a1"), sales);
  await expect(page.locator(".react-flow__edge")).toHaveCount(5);
  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText("Fluxo salvo com sucesso")).toBeVisible();

  // A customer writes the phrase on the simulator page and talks with the flow.
  const simulator = await context.newPage();
  await simulator.goto("/simulator?whatsappId=1");
  await expect(simulator.getByTestId("simulator-connection-status")).toHaveAttribute("data-status", "CONNECTED");
  await simulator
    .getByRole("textbox", { name: "Número" })
    .fill(`55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}`);
  await simulator.getByRole("textbox", { name: "Nome", exact: true }).fill(`Cliente ${tag}`);
  const say = async (text: string) => {
    await simulator.getByRole("textbox", { name: "Mensagem do cliente" }).fill(text);
    await simulator.getByRole("textbox", { name: "Mensagem do cliente" }).press("Enter");
  };
  const received = (text: string) =>
    simulator
      .getByTestId("simulator-message")
      .filter({ hasText: text })
      .and(simulator.locator('[data-direction="outbound"]'));
  await say(phrase);
  await expect(received("Bem-vindo à loja!")).toBeVisible({ timeout: 20_000 });
  await expect(received("Qual é o seu nome?")).toBeVisible();
  await say("Maria");
  await expect(received("Obrigado, Maria")).toBeVisible({ timeout: 20_000 });
  await expect(received("Como podemos ajudar?")).toContainText("Vendas");
  await say("1");
  await expect(received("Nossa equipe de vendas já vai falar com você.")).toBeVisible({ timeout: 20_000 });
  await simulator.screenshot({ path: join(SCREENSHOTS, "flow-builder-run.png") });
});

test.describe("leaving the builder", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("builder: a menu link or the browser's back with unsaved changes asks first; saved changes leave freely", async ({
    page,
  }) => {
    const headers = await pageSessionHeaders(page);
    const name = `Sair ${unique()}`;
    const flowId = await newFlow(page.request, headers, name);
    const message = "M".repeat(30);
    const stored = await page.request.post("/flowbuilder/flow", {
      headers,
      data: {
        idFlow: flowId,
        nodes: [
          { id: "1", type: "start", position: { x: 250, y: 100 }, data: { label: "Inicio do fluxo" } },
          { id: message, type: "message", position: { x: 600, y: 100 }, data: { label: "Até já" } },
        ],
        connections: [{ id: "start-message", source: "1", target: message }],
      },
    });
    expect(stored.status(), await stored.text()).toBe(200);
    const builderUrl = new RegExp(`/flowbuilder/${flowId}$`);
    const node = page.locator(`.react-flow__node[data-id="${message}"]`);
    const question = page.getByRole("dialog", { name: "Sair sem salvar?" });
    /** Opened from the list, so the browser's back stays inside the app; the message node then deleted. */
    const openAndEdit = async () => {
      await page.goto("/flowbuilders");
      await page.getByRole("row").filter({ hasText: name }).getByText(name, { exact: true }).click();
      await expect(page).toHaveURL(builderUrl);
      await node.click();
      await page.keyboard.press("Delete");
      await expect(node).toHaveCount(0);
      await expect(page.getByText("Alterações não salvas")).toBeVisible();
    };

    await openAndEdit();
    // A side menu link: staying keeps the page and its edit.
    await page.getByTestId("menu-tags").click();
    await expect(question).toBeVisible();
    await expect(question).toContainText("ainda não foram salvas e serão perdidas");
    await question.getByRole("button", { name: "Cancelar" }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(builderUrl);
    await expect(node).toHaveCount(0);

    // The browser's back: the same question; staying, then leaving.
    await page.goBack();
    await expect(question).toBeVisible();
    await expect(page).toHaveURL(builderUrl);
    await question.getByRole("button", { name: "Cancelar" }).click();
    await expect(question).toBeHidden();
    await expect(node).toHaveCount(0);
    await page.goBack();
    await question.getByRole("button", { name: "Sair sem salvar" }).click();
    await expect(page).toHaveURL(/\/flowbuilders$/);
    await expect(page.getByRole("heading", { name: "Fluxos de conversa" })).toBeVisible();
    // What was left unsaved is not in the flow.
    expect((await savedFlow(page.request, headers, flowId)).nodes.map((saved) => saved.id)).toContain(message);

    // Saved, the builder is left without a question.
    await openAndEdit();
    await page.getByRole("button", { name: "Salvar", exact: true }).click();
    await expect(page.getByText("Fluxo salvo com sucesso").first()).toBeVisible();
    await expect(page.getByText("Alterações não salvas")).toBeHidden();
    await page.getByTestId("menu-tags").click();
    await expect(page).toHaveURL(/\/tags$/);
    await expect(question).toHaveCount(0);
    expect((await savedFlow(page.request, headers, flowId)).nodes.map((saved) => saved.id)).toEqual(["1"]);
  });
});
