/**
 * Page-by-page screenshot review (issue 14): every route of both spec documents, as the demo users,
 * in pt, en and es, light and dark, at 1366x768, and at 390x844 in the language-theme pairs --phone
 * names (pt light unless told; "all" for every pair of --langs and --themes). Per page it also records
 * console errors, failed requests, content sticking out of the screen, text with poor contrast and
 * strings that look untranslated. It reads a running server; it starts nothing.
 *
 *   npm run screenshots -w @atendo/e2e -- /tmp/shots [--base http://127.0.0.1:8080] [--only tickets,chats]
 *     [--langs pt,en] [--themes light] [--phone pt-light,pt-dark,en-light | --phone all | --no-phone]
 *
 * Writes <dir>/<page>--<lang>-<theme>-<width>.png, <dir>/findings.json and <dir>/findings.md.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { type Browser, type BrowserContext, chromium, type Page, type Request } from "@playwright/test";

type Lang = "pt" | "en" | "es";
type Theme = "light" | "dark";
type Role = "public" | "admin" | "super" | "agent";

const PASSWORD = "Atendo#2026";
const LOGINS: Record<Exclude<Role, "public">, string> = {
  super: "super@atendo.dev",
  admin: "admin@atendo.dev",
  agent: "agent@atendo.dev",
};
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
/** A page taller than this is cut: the point is to see the layout, not a 20 000 px list. */
const MAX_SHOT_HEIGHT = 4000;
const SETTLE_TIMEOUT_MS = 8000;

/** Ids the :id routes need, read from the demo data through the product's own API. */
interface DemoIds {
  ticketUuid?: string;
  chatUuid?: string;
  flowId?: number;
  campaignId?: number;
  contactListId?: number;
}

interface PageSpec {
  /** File-name-safe name; a role suffix tells the same route seen by another user apart. */
  name: string;
  doc: "doc1" | "doc2" | "extra";
  role: Role;
  path: (ids: DemoIds) => string | null;
  /** Also capture each tab of the page's first tab list (settings). */
  tabs?: boolean;
}

const fixed = (path: string) => () => path;

const PAGES: PageSpec[] = [
  { name: "login", doc: "doc1", role: "public", path: fixed("/login") },
  { name: "signup", doc: "doc1", role: "public", path: fixed("/signup") },
  { name: "forgetpsw", doc: "doc2", role: "public", path: fixed("/forgetpsw") },

  { name: "dashboard", doc: "doc1", role: "admin", path: fixed("/") },
  { name: "tickets", doc: "doc1", role: "admin", path: fixed("/tickets") },
  {
    name: "ticket-open",
    doc: "doc1",
    role: "admin",
    path: (ids) => (ids.ticketUuid ? `/tickets/${ids.ticketUuid}` : null),
  },
  { name: "connections", doc: "doc1", role: "admin", path: fixed("/connections") },
  { name: "settings", doc: "doc1", role: "admin", path: fixed("/settings"), tabs: true },
  { name: "users", doc: "doc1", role: "admin", path: fixed("/users") },
  { name: "financeiro", doc: "doc1", role: "admin", path: fixed("/financeiro") },
  { name: "subscription", doc: "doc1", role: "admin", path: fixed("/subscription") },
  { name: "helps", doc: "doc1", role: "admin", path: fixed("/helps") },
  { name: "kanban", doc: "doc1", role: "admin", path: fixed("/kanban") },
  { name: "messages-api", doc: "doc1", role: "admin", path: fixed("/messages-api") },
  { name: "prompts", doc: "doc1", role: "admin", path: fixed("/prompts") },
  { name: "queue-integration", doc: "doc1", role: "admin", path: fixed("/queue-integration") },

  { name: "quick-messages", doc: "doc2", role: "admin", path: fixed("/quick-messages") },
  { name: "todolist", doc: "doc2", role: "admin", path: fixed("/todolist") },
  { name: "schedules", doc: "doc2", role: "admin", path: fixed("/schedules") },
  { name: "tags", doc: "doc2", role: "admin", path: fixed("/tags") },
  { name: "contacts", doc: "doc2", role: "admin", path: fixed("/contacts") },
  { name: "files", doc: "doc2", role: "admin", path: fixed("/files") },
  { name: "queues", doc: "doc2", role: "admin", path: fixed("/queues") },
  { name: "chats", doc: "doc2", role: "admin", path: fixed("/chats") },
  { name: "chat-open", doc: "doc2", role: "admin", path: (ids) => (ids.chatUuid ? `/chats/${ids.chatUuid}` : null) },
  { name: "contact-lists", doc: "doc2", role: "admin", path: fixed("/contact-lists") },
  {
    name: "contact-list-items",
    doc: "doc2",
    role: "admin",
    path: (ids) => (ids.contactListId ? `/contact-lists/${ids.contactListId}/contacts` : null),
  },
  { name: "campaigns", doc: "doc2", role: "admin", path: fixed("/campaigns") },
  {
    name: "campaign-report",
    doc: "doc2",
    role: "admin",
    path: (ids) => (ids.campaignId ? `/campaign/${ids.campaignId}/report` : null),
  },
  { name: "campaigns-config", doc: "doc2", role: "admin", path: fixed("/campaigns-config") },
  { name: "phrase-lists", doc: "doc2", role: "admin", path: fixed("/phrase-lists") },
  { name: "flowbuilders", doc: "doc2", role: "admin", path: fixed("/flowbuilders") },
  {
    name: "flowbuilder",
    doc: "doc2",
    role: "admin",
    path: (ids) => (ids.flowId ? `/flowbuilder/${ids.flowId}` : null),
  },
  { name: "simulator", doc: "extra", role: "admin", path: fixed("/simulator") },

  { name: "announcements-super", doc: "doc2", role: "super", path: fixed("/announcements") },
  { name: "settings-super", doc: "doc1", role: "super", path: fixed("/settings"), tabs: true },

  { name: "tickets-agent", doc: "doc1", role: "agent", path: fixed("/tickets") },
  { name: "dashboard-agent", doc: "doc1", role: "agent", path: fixed("/") },
  { name: "users-agent", doc: "doc1", role: "agent", path: fixed("/users") },
  { name: "queues-agent", doc: "doc2", role: "agent", path: fixed("/queues") },
  { name: "connections-agent", doc: "doc1", role: "agent", path: fixed("/connections") },
  { name: "contacts-agent", doc: "doc2", role: "agent", path: fixed("/contacts") },
  { name: "settings-agent", doc: "doc1", role: "agent", path: fixed("/settings") },
  { name: "chats-agent", doc: "doc2", role: "agent", path: fixed("/chats") },
];

/** Common words of one language that should not show in a page rendered in another. */
const FOREIGN_WORDS: Record<Lang, { from: string; words: string[] }[]> = {
  pt: [
    {
      from: "en",
      words: ["Save", "Search", "Add", "Loading", "Delete", "Cancel", "Close", "Back", "Settings", "Logout"],
    },
    { from: "en", words: ["Users", "Queues", "Connections", "Contacts", "Messages", "Send", "Actions", "Edit"] },
  ],
  en: [
    {
      from: "pt",
      words: ["Salvar", "Pesquisar", "Adicionar", "Nenhum", "Nenhuma", "Carregando", "Excluir", "Editar"],
    },
    {
      from: "pt",
      words: ["Cancelar", "Fechar", "Voltar", "Não", "Usuário", "Usuários", "Configurações", "Sair", "Filas"],
    },
    { from: "pt", words: ["Conexões", "Contatos", "Mensagens", "Enviar", "Novo", "Nova", "Buscar", "Ações"] },
    { from: "pt", words: ["Horários", "Resolvidos", "Aguardando", "Atendimento", "Atendimentos", "Até", "Você"] },
  ],
  es: [
    {
      from: "pt",
      words: ["Salvar", "Pesquisar", "Adicionar", "Nenhum", "Nenhuma", "Carregando", "Excluir", "Fechar"],
    },
    { from: "pt", words: ["Voltar", "Não", "Usuário", "Usuários", "Configurações", "Sair", "Filas", "Conexões"] },
    { from: "pt", words: ["Contatos", "Mensagens", "Novo", "Nova", "Ações", "Horários", "Você", "Até"] },
    { from: "en", words: ["Save", "Search", "Add", "Loading", "Delete", "Cancel", "Close", "Settings", "Logout"] },
  ],
};

interface Overflow {
  what: string;
  right: number;
}
interface LowContrast {
  text: string;
  ratio: number;
  color: string;
  background: string;
}
interface PageReading {
  htmlLang: string;
  strings: string[];
  overflow: Overflow[];
  /** Boxes whose content is wider than they are (a table the user must scroll sideways to read). */
  scrollsSideways: string[];
  lowContrast: LowContrast[];
  contentHeight: number;
}

interface Shot {
  page: string;
  doc: string;
  role: Role;
  path: string;
  lang: Lang;
  theme: Theme;
  width: number;
  file: string;
  finalPath: string;
  htmlLang: string;
  consoleErrors: string[];
  failedRequests: string[];
  overflow: Overflow[];
  /** Boxes whose content is wider than they are (a table the user must scroll sideways to read). */
  scrollsSideways: string[];
  lowContrast: LowContrast[];
  foreignWords: string[];
  /** Filled after all runs: strings equal to the pt run's (in en and es) or to the en run's (in pt). */
  sameAsOtherLanguage: string[];
  error?: string;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: "string", default: "http://127.0.0.1:8080" },
    only: { type: "string" },
    langs: { type: "string", default: "pt,en,es" },
    themes: { type: "string", default: "light,dark" },
    /** Language-theme pairs shot at 390 px, such as pt-light,en-dark; "all" is every pair of --langs and --themes. */
    phone: { type: "string", default: "pt-light" },
    "no-phone": { type: "boolean", default: false },
    /** Let the demo customer write first, so the ticket pages have a conversation to show. */
    conversation: { type: "boolean", default: false },
  },
});
const outDir = positionals[0];
if (!outDir) {
  console.error(
    "usage: screenshots <output dir> [--base URL] [--only name,name] [--langs pt,en] [--themes light] [--phone pt-light,en-dark|all] [--no-phone]",
  );
  process.exit(2);
}

/** The --phone value as language-theme pairs; a pair naming an unknown language or theme stops the run. */
function phonePairs(value: string): { lang: Lang; theme: Theme }[] {
  if (value === "all") return langs.flatMap((lang) => themes.map((theme) => ({ lang, theme })));
  return value.split(",").map((pair) => {
    const [lang, theme] = pair.trim().split("-");
    if (!["pt", "en", "es"].includes(lang ?? "") || !["light", "dark"].includes(theme ?? "")) {
      console.error(`--phone: "${pair}" is not a language-theme pair such as pt-light or en-dark`);
      process.exit(2);
    }
    return { lang: lang as Lang, theme: theme as Theme };
  });
}
const base = values.base.replace(/\/$/, "");
const only = values.only ? values.only.split(",").map((name) => name.trim()) : null;
const langs = values.langs.split(",") as Lang[];
const themes = values.themes.split(",") as Theme[];
const phoneRuns = values["no-phone"] ? [] : phonePairs(values.phone);
const withConversation = values.conversation;

/** A request's address without the server and without query values such as a token. */
function shortUrl(url: string): string {
  const parsed = new URL(url);
  const query = [...parsed.searchParams.keys()].join("&");
  return `${parsed.origin === base ? "" : parsed.origin}${parsed.pathname}${query ? `?${query}` : ""}`;
}

async function apiLogin(context: BrowserContext, role: Exclude<Role, "public">): Promise<string> {
  // context.request shares the context's cookies: the refresh cookie set here restores the session on load.
  const response = await context.request.post(`${base}/auth/login`, {
    data: { email: LOGINS[role], password: PASSWORD },
  });
  if (!response.ok()) throw new Error(`login as ${role}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** The first object of the first array found in an answer ({ tickets: [...] }, { records: [...] }, [...]). */
function firstRecord(body: unknown): Record<string, unknown> | undefined {
  if (Array.isArray(body)) return body.find((item) => item && typeof item === "object");
  if (body && typeof body === "object") {
    for (const value of Object.values(body)) {
      if (Array.isArray(value) && value.length > 0) return firstRecord(value);
    }
  }
  return undefined;
}

/**
 * The demo has no ticket until a customer writes: as a user would on /simulator, connect the
 * simulated phone and send a customer's message, then answer the greeting's menu.
 */
async function startConversation(context: BrowserContext, token: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const connections = (await (await context.request.get(`${base}/whatsapp`, { headers })).json()) as {
    id: number;
    status: string;
  }[];
  const simulator = connections[0];
  if (!simulator) throw new Error("no connection to write to");
  if (simulator.status !== "CONNECTED") {
    await context.request.post(`${base}/simulator/scan/${simulator.id}`, { headers });
  }
  const customer = { whatsappId: simulator.id, from: "5511999990001", name: "Cliente Demo" };
  for (const body of ["Olá! Gostaria de saber o prazo de entrega do meu pedido.", "1"]) {
    const response = await context.request.post(`${base}/simulator/inbound`, { headers, data: { ...customer, body } });
    if (!response.ok()) throw new Error(`simulator inbound: ${response.status()} ${await response.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function readDemoIds(context: BrowserContext, token: string): Promise<DemoIds> {
  const get = async (path: string) => {
    const response = await context.request.get(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    return response.ok() ? firstRecord(await response.json()) : undefined;
  };
  const anyTicket = async () =>
    (await get("/tickets?status=open&showAll=true")) ??
    (await get("/tickets?status=pending&showAll=true")) ??
    (await get("/tickets?status=closed&showAll=true"));
  let ticket = await anyTicket();
  if (!ticket && withConversation) {
    await startConversation(context, token);
    for (let attempt = 0; attempt < 50 && !ticket; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      ticket = await anyTicket();
    }
  }
  const chat = await get("/chats");
  const flow = await get("/flowbuilder");
  const campaign = await get("/campaigns");
  const contactList = await get("/contact-lists");
  return {
    ticketUuid: ticket?.uuid as string | undefined,
    chatUuid: chat?.uuid as string | undefined,
    flowId: flow?.id as number | undefined,
    campaignId: campaign?.id as number | undefined,
    contactListId: contactList?.id as number | undefined,
  };
}

/**
 * Requests in flight per page, without socket.io's: its long-polling request stays open, so
 * Playwright's networkidle never comes while the realtime channel polls.
 */
const inFlight = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page): void {
  const pending = new Set<Request>();
  inFlight.set(page, pending);
  page.on("request", (request) => {
    if (!request.url().includes("/socket.io/")) pending.add(request);
  });
  page.on("requestfinished", (request) => pending.delete(request));
  page.on("requestfailed", (request) => pending.delete(request));
}

/** Waits for the page to stop loading: no request in flight for a moment and no spinner showing. */
async function settle(page: Page): Promise<void> {
  const pending = inFlight.get(page) ?? new Set();
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let quietChecks = 0;
  while (quietChecks < 3 && Date.now() < deadline) {
    quietChecks = pending.size === 0 ? quietChecks + 1 : 0;
    await page.waitForTimeout(100);
  }
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('[role="progressbar"], .MuiSkeleton-root')].every(
          (element) => (element as HTMLElement).offsetParent === null,
        ),
      undefined,
      { timeout: Math.max(500, deadline - Date.now()) },
    )
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready).catch(() => undefined);
}

/** Everything read from the rendered page in one pass (runs in the browser). */
function readPage(): PageReading {
  const visible = (element: Element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const style = getComputedStyle(element);
    return style.visibility !== "hidden" && style.display !== "none" && Number(style.opacity) > 0.05;
  };

  // Visible strings: each text node's text, and the names icons and fields carry.
  const strings = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const textElements = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.replace(/\s+/g, " ").trim();
    const parent = node.parentElement;
    if (!text || !parent || parent.closest("script, style, noscript") || !visible(parent)) continue;
    strings.add(text);
    textElements.add(parent);
  }
  for (const element of document.querySelectorAll("[aria-label], [placeholder], [title]")) {
    if (!visible(element) && element.tagName !== "INPUT") continue;
    for (const attribute of ["aria-label", "placeholder", "title"]) {
      const value = element.getAttribute(attribute)?.trim();
      if (value) strings.add(`[${attribute}] ${value}`);
    }
  }

  // Content that sticks out of the screen, unless a scrolling or clipping box holds it.
  const overflow: Overflow[] = [];
  const width = document.documentElement.clientWidth;
  for (const element of document.querySelectorAll("body *")) {
    if (overflow.length >= 8) break;
    const box = element.getBoundingClientRect();
    if (box.right <= width + 1 || box.width === 0 || !visible(element)) continue;
    let clipped = false;
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX !== "visible" && up.getBoundingClientRect().right <= width + 1) {
        clipped = true;
        break;
      }
      if (style.position === "fixed") break;
    }
    if (clipped) continue;
    // Report the outermost element only: its children stick out with it.
    const parentBox = element.parentElement?.getBoundingClientRect();
    if (parentBox && parentBox.right > width + 1 && element.parentElement !== document.body) continue;
    const label = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60);
    const classes = typeof element.className === "string" ? element.className.split(" ").slice(0, 2).join(".") : "";
    overflow.push({ what: `${element.tagName.toLowerCase()}.${classes} "${label}"`, right: Math.round(box.right) });
  }
  const main = document.getElementById("main-content");
  const scrollsSideways: string[] = [];
  for (const element of [main, ...(main?.querySelectorAll("*") ?? [])]) {
    if (!element || scrollsSideways.length >= 5) continue;
    const overflowX = getComputedStyle(element).overflowX;
    // Only boxes the user scrolls: hidden overflow is an ellipsis or a switch's track, drawn on purpose.
    const scrolls = overflowX === "auto" || overflowX === "scroll";
    if (scrolls && element.scrollWidth > element.clientWidth + 1 && visible(element)) {
      const label = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      const name = element.id ? `#${element.id}` : element.tagName.toLowerCase();
      scrollsSideways.push(`${name} "${label}" ${element.scrollWidth}/${element.clientWidth}px`);
    }
  }

  // Contrast of each text element against the backgrounds behind it (WCAG relative luminance).
  const parse = (value: string) => {
    const match = /rgba?\(([^)]+)\)/.exec(value);
    if (!match?.[1]) return null;
    const parts = match[1]
      .split(/[ ,/]+/)
      .filter(Boolean)
      .map(Number);
    return { r: parts[0] ?? 0, g: parts[1] ?? 0, b: parts[2] ?? 0, a: parts[3] ?? 1 };
  };
  type Rgba = NonNullable<ReturnType<typeof parse>>;
  const over = (top: Rgba, bottom: Rgba): Rgba => ({
    r: top.r * top.a + bottom.r * (1 - top.a),
    g: top.g * top.a + bottom.g * (1 - top.a),
    b: top.b * top.a + bottom.b * (1 - top.a),
    a: 1,
  });
  const luminance = (c: Rgba) => {
    const channel = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
  };
  const backgroundOf = (element: Element): Rgba | null => {
    const layers: Rgba[] = [];
    for (let up: Element | null = element; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      // An image or gradient behind the text cannot be judged from colours.
      if (style.backgroundImage !== "none") return null;
      const colour = parse(style.backgroundColor);
      if (colour && colour.a > 0) {
        layers.push(colour);
        if (colour.a >= 1) break;
      }
    }
    let result = parse(getComputedStyle(document.body).backgroundColor) ?? { r: 255, g: 255, b: 255, a: 1 };
    if (result.a < 1) result = { r: 255, g: 255, b: 255, a: 1 };
    for (const layer of layers.reverse()) result = over(layer, result);
    return result;
  };
  const lowContrast: LowContrast[] = [];
  for (const element of textElements) {
    if (lowContrast.length >= 10) break;
    if (element.closest('.Mui-disabled, [disabled], [aria-disabled="true"], svg, canvas')) continue;
    const style = getComputedStyle(element);
    const text = parse(style.color);
    const background = backgroundOf(element);
    if (!text || !background) continue;
    const shown = over(text, background);
    const [light, dark] = [luminance(shown), luminance(background)].sort((a, b) => b - a) as [number, number];
    const ratio = (light + 0.05) / (dark + 0.05);
    if (ratio < 3) {
      lowContrast.push({
        text: (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60),
        ratio: Math.round(ratio * 100) / 100,
        color: style.color,
        background: `rgb(${Math.round(background.r)}, ${Math.round(background.g)}, ${Math.round(background.b)})`,
      });
    }
  }

  // The layout scrolls inside #main-content, and some pages inside a card or list of their own:
  // the tallest hidden part decides how much taller the window must be to show it all.
  let hidden = 0;
  for (const element of [main, ...(main?.querySelectorAll("*") ?? [])]) {
    if (!element) continue;
    const overflowY = getComputedStyle(element).overflowY;
    if (overflowY === "auto" || overflowY === "scroll") {
      hidden = Math.max(hidden, element.scrollHeight - element.clientHeight);
    }
  }
  const contentHeight = main ? document.documentElement.clientHeight + hidden : document.documentElement.scrollHeight;
  return {
    htmlLang: document.documentElement.lang,
    strings: [...strings],
    overflow,
    scrollsSideways,
    lowContrast,
    contentHeight,
  };
}

function foreignWordsIn(strings: string[], lang: Lang): string[] {
  const found: string[] = [];
  for (const group of FOREIGN_WORDS[lang]) {
    for (const word of group.words) {
      const pattern = new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, "u");
      const hit = strings.find((text) => pattern.test(text.replace(/^\[[a-z-]+\] /, "")));
      if (hit) found.push(`${group.from}:${word} in "${hit.slice(0, 80)}"`);
    }
  }
  return found;
}

const fileName = (spec: PageSpec, lang: Lang, theme: Theme, width: number, suffix = "") =>
  `${spec.name}${suffix}--${lang}-${theme}-${width}.png`;

interface RunOptions {
  role: Role;
  lang: Lang;
  theme: Theme;
  viewport: { width: number; height: number };
}

async function run(
  browser: Browser,
  options: RunOptions,
  specs: PageSpec[],
  shots: Shot[],
  strings: Map<string, string[]>,
): Promise<void> {
  const { role, lang, theme, viewport } = options;
  const context = await browser.newContext({ viewport, locale: lang === "pt" ? "pt-BR" : lang });
  // tsx compiles with esbuild's keepNames, whose __name helper the functions handed to page.evaluate call.
  await context.addInitScript("globalThis.__name = (target) => target;");
  await context.addInitScript(
    ([language, mode]) => {
      localStorage.setItem("i18nextLng", language);
      localStorage.setItem("preferredTheme", mode);
    },
    [lang, theme] as const,
  );
  let ids: DemoIds = {};
  if (role !== "public") {
    const token = await apiLogin(context, role);
    ids = await readDemoIds(context, token);
  }
  const page = await context.newPage();
  trackRequests(page);
  let consoleErrors: string[] = [];
  let failedRequests: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text().slice(0, 300));
  });
  page.on("pageerror", (error) => consoleErrors.push(`pageerror: ${error.message.slice(0, 300)}`));
  page.on("response", (response) => {
    if (response.status() >= 400) {
      failedRequests.push(`${response.status()} ${response.request().method()} ${shortUrl(response.url())}`);
    }
  });
  page.on("requestfailed", (request) => {
    const reason = request.failure()?.errorText ?? "failed";
    // Leaving a page cuts socket.io's open long-poll: that is how it ends, not a failure.
    if (reason === "net::ERR_ABORTED" && request.url().includes("/socket.io/")) return;
    failedRequests.push(`${reason} ${request.method()} ${shortUrl(request.url())}`);
  });

  for (const spec of specs) {
    const path = spec.path(ids);
    if (!path) {
      console.warn(`skip ${spec.name}: no demo record for its id`);
      continue;
    }
    const captures: { suffix: string; tab?: number }[] = [{ suffix: "" }];
    consoleErrors = [];
    failedRequests = [];
    try {
      const started = Date.now();
      await page.setViewportSize(viewport);
      await page.goto(`${base}${path}`);
      await settle(page);
      if (spec.tabs) {
        const tabCount = await page.locator('#main-content [role="tablist"]').first().locator('[role="tab"]').count();
        for (let tab = 1; tab < tabCount; tab += 1) captures.push({ suffix: `-tab${tab + 1}`, tab });
        if (tabCount > 0) captures[0] = { suffix: "-tab1" };
      }
      for (const capture of captures) {
        if (capture.tab !== undefined) {
          consoleErrors = [];
          failedRequests = [];
          await page.setViewportSize(viewport);
          await page.locator('#main-content [role="tablist"]').first().locator('[role="tab"]').nth(capture.tab).click();
          await settle(page);
        }
        const reading = await page.evaluate(readPage);
        const file = fileName(spec, lang, theme, viewport.width, capture.suffix);
        const height = Math.min(MAX_SHOT_HEIGHT, Math.max(viewport.height, reading.contentHeight));
        if (height > viewport.height) {
          await page.setViewportSize({ width: viewport.width, height });
          await settle(page);
        }
        await page.screenshot({ path: join(outDir, file), animations: "disabled" });
        const key = `${spec.name}${capture.suffix}|${theme}|${viewport.width}`;
        strings.set(`${key}|${lang}`, reading.strings);
        shots.push({
          page: `${spec.name}${capture.suffix}`,
          doc: spec.doc,
          role,
          path,
          lang,
          theme,
          width: viewport.width,
          file,
          finalPath: new URL(page.url()).pathname,
          htmlLang: reading.htmlLang,
          consoleErrors: [...new Set(consoleErrors)],
          failedRequests: [...new Set(failedRequests)],
          overflow: reading.overflow,
          scrollsSideways: reading.scrollsSideways,
          lowContrast: reading.lowContrast,
          foreignWords: foreignWordsIn(reading.strings, lang),
          sameAsOtherLanguage: [],
        });
        console.log(`${file} (${Date.now() - started} ms)`);
      }
    } catch (error) {
      shots.push({
        page: spec.name,
        doc: spec.doc,
        role,
        path,
        lang,
        theme,
        width: viewport.width,
        file: "",
        finalPath: "",
        htmlLang: "",
        consoleErrors,
        failedRequests,
        overflow: [],
        scrollsSideways: [],
        lowContrast: [],
        foreignWords: [],
        sameAsOtherLanguage: [],
        error: (error as Error).message.slice(0, 300),
      });
      console.error(`error on ${spec.name} (${lang} ${theme} ${viewport.width}): ${(error as Error).message}`);
    }
  }
  await context.close();
}

/**
 * Strings that read the same as in another language: untranslated, unless they are data or names.
 * pt and en share few words, so any string equal between them is listed. Spanish shares many with
 * Portuguese (Chat interno, Importar), so in es only English strings and strings with Portuguese-only
 * spelling (ã, õ, ç, -ção, -ões) are.
 */
function compareLanguages(shots: Shot[], strings: Map<string, string[]>): void {
  const meaningful = (text: string) => /\p{L}{3,}/u.test(text) && !/^\[title\] /.test(text);
  const portugueseSpelling = /[ãõçÃÕÇ]|ção|ões/;
  for (const shot of shots) {
    if (!shot.file) continue;
    const key = `${shot.page}|${shot.theme}|${shot.width}`;
    const read = (lang: Lang) => new Set(strings.get(`${key}|${lang}`) ?? []);
    const mine = (strings.get(`${key}|${shot.lang}`) ?? []).filter(meaningful);
    const [pt, en, es] = [read("pt"), read("en"), read("es")];
    // Strings equal in all three languages are mostly demo data and names; marked, and left out of findings.md.
    const mark = (text: string) => (pt.has(text) && en.has(text) && es.has(text) ? `(all) ${text}` : text);
    if (shot.lang === "pt") shot.sameAsOtherLanguage = mine.filter((text) => en.has(text)).map(mark);
    if (shot.lang === "en") shot.sameAsOtherLanguage = mine.filter((text) => pt.has(text)).map(mark);
    if (shot.lang === "es") {
      shot.sameAsOtherLanguage = mine
        .filter((text) => en.has(text) || (pt.has(text) && portugueseSpelling.test(text)))
        .map(mark);
    }
  }
}

function writeSummary(shots: Shot[]): string {
  // Strings the same in two languages on most pages of one language are the menu's names
  // (Dashboard, Kanban, Tags): listed once here instead of on every page.
  const everywhere = new Map<Lang, Set<string>>();
  for (const lang of langs) {
    const mine = shots.filter((shot) => shot.lang === lang && shot.file);
    const counts = new Map<string, number>();
    for (const shot of mine) {
      for (const text of new Set(shot.sameAsOtherLanguage)) counts.set(text, (counts.get(text) ?? 0) + 1);
    }
    everywhere.set(lang, new Set([...counts].filter(([, count]) => count >= mine.length / 2).map(([text]) => text)));
  }
  const lines = ["# Screenshot review findings", "", `Server: ${base}`, ""];
  for (const [lang, texts] of everywhere) {
    lines.push(`Same as another language on most ${lang} pages (names; not repeated below): ${[...texts].join(" · ")}`);
  }
  lines.push("");
  const byPage = new Map<string, Shot[]>();
  for (const shot of shots) byPage.set(shot.page, [...(byPage.get(shot.page) ?? []), shot]);
  for (const [page, list] of byPage) {
    const first = list[0]!;
    lines.push(`## ${page} (${first.path}, ${first.role}, ${first.doc})`, "");
    for (const shot of list) {
      const notes: string[] = [];
      if (shot.error) notes.push(`ERROR ${shot.error}`);
      if (shot.finalPath && shot.finalPath !== shot.path) notes.push(`landed on ${shot.finalPath}`);
      if (shot.htmlLang && !shot.htmlLang.startsWith(shot.lang)) notes.push(`html lang ${shot.htmlLang}`);
      if (shot.consoleErrors.length) notes.push(`console: ${shot.consoleErrors.join(" | ")}`);
      if (shot.failedRequests.length) notes.push(`requests: ${shot.failedRequests.join(", ")}`);
      if (shot.overflow.length)
        notes.push(`sticks out: ${shot.overflow.map((o) => `${o.what}→${o.right}px`).join("; ")}`);
      if (shot.scrollsSideways.length) notes.push(`scrolls sideways: ${shot.scrollsSideways.join("; ")}`);
      if (shot.lowContrast.length) {
        notes.push(`low contrast: ${shot.lowContrast.map((c) => `"${c.text}" ${c.ratio}`).join("; ")}`);
      }
      if (shot.foreignWords.length) notes.push(`foreign words: ${shot.foreignWords.join("; ")}`);
      const common = everywhere.get(shot.lang);
      const same = shot.sameAsOtherLanguage.filter((text) => !text.startsWith("(all) ") && !common?.has(text));
      if (same.length)
        notes.push(
          `same as ${shot.lang === "pt" ? "en" : shot.lang === "en" ? "pt" : "en or pt-only spelling"}: ${same.slice(0, 25).join(" · ")}`,
        );
      lines.push(
        `- ${shot.lang} ${shot.theme} ${shot.width}: ${shot.file || "-"}${notes.length ? "" : " — nothing flagged"}`,
      );
      for (const note of notes) lines.push(`  - ${note}`);
    }
    lines.push("");
  }
  return lines.join("\n");
}

async function main(): Promise<void> {
  mkdirSync(outDir as string, { recursive: true });
  const specs = PAGES.filter((spec) => !only || only.some((name) => spec.name.includes(name)));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  const shots: Shot[] = [];
  const strings = new Map<string, string[]>();
  const roles: Role[] = ["public", "admin", "super", "agent"];
  try {
    // One role at a time and one context at a time: a second login of the same user may end the first one.
    for (const role of roles) {
      const mine = specs.filter((spec) => spec.role === role);
      if (mine.length === 0) continue;
      for (const lang of langs) {
        for (const theme of themes) await run(browser, { role, lang, theme, viewport: DESKTOP }, mine, shots, strings);
      }
      for (const { lang, theme } of phoneRuns) {
        await run(browser, { role, lang, theme, viewport: PHONE }, mine, shots, strings);
      }
    }
  } finally {
    await browser.close();
  }
  compareLanguages(shots, strings);
  writeFileSync(join(outDir as string, "findings.json"), `${JSON.stringify({ base, shots }, null, 2)}\n`);
  writeFileSync(join(outDir as string, "findings.md"), `${writeSummary(shots)}\n`);
  console.log(`${shots.length} screenshots; findings in ${join(outDir as string, "findings.md")}`);
}

await main();
