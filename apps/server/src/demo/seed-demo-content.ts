import {
  FLOW_NEW_NODE_GAP,
  FLOW_START_LABEL,
  FLOW_START_NODE_ID,
  type FlowContent,
  INVOICE_LEAD_DAYS,
  menuOptionHandle,
} from "@atendo/shared";
import type { AppContext } from "../context.js";
import type { Executor } from "../db/client.js";
import {
  campaignShippings,
  campaigns,
  contactListItems,
  contactLists,
  contacts,
  flowCampaigns,
  flows,
  helps,
  prompts,
  queueIntegrations,
  schedules,
} from "../db/schema/index.js";
import { seedDemoChat } from "../modules/chats/chats.seed.js";
import { insertDueInvoices } from "../modules/invoices/invoices.repository.js";
import { enqueueScheduleSend } from "../modules/schedules/schedules.jobs.js";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The simulator page's default customer (apps/web SimulatorPage): the demo's schedule writes to them. */
export const DEMO_CUSTOMER = { name: "Cliente Demo", number: "5511999990001" } as const;
/** What a customer writes on the simulator to start the demo flow. */
export const DEMO_FLOW_PHRASE = "quero o fluxo";
/** Names that say plainly the record needs the user's own key before it can work. */
export const DEMO_NEEDS_KEY = "Exemplo — precisa de chave";

export interface DemoCompany {
  companyId: number;
  planId: number;
  connectionId: number;
  queues: { id: number; name: string; color: string }[];
  /** Owner of the group chat first (the admin), then the other members. */
  userIds: number[];
}

/**
 * The demo company's sample data, one area after the other, so each page of
 * the product has something to show on the first visit: help videos, an open
 * invoice, a contact list with a finished campaign and its report, a
 * scheduled message, a flow started by a phrase, a prompt that needs a key, a
 * flow integration and the team's group chat. Runs inside the seed's
 * transaction, so the demo appears whole or not at all.
 */
export async function seedDemoContent(
  tx: Executor,
  deps: Pick<AppContext, "jobs">,
  demo: DemoCompany,
  now = new Date(),
): Promise<void> {
  await seedHelps(tx);
  await seedInvoice(tx, demo, now);
  await seedCampaign(tx, demo, now);
  await seedSchedule(tx, deps, demo, now);
  const flowId = await seedFlow(tx, demo);
  await seedAutomation(tx, demo, flowId);
  await seedDemoChat(tx, demo.companyId, demo.userIds);
}

/**
 * Help entries are the platform's (the super admin's helps tab). The demo's are written guides,
 * without a video on purpose: a code that cannot be checked offline would be a placeholder, and
 * the help page shows an entry without a video as its text (see docs/decisions.md). The platform
 * adds its own YouTube codes in the helps tab.
 */
async function seedHelps(tx: Executor): Promise<void> {
  await tx.insert(helps).values([
    {
      title: "Conectando o WhatsApp",
      video: "",
      description:
        "Em Conexões, adicione uma conexão e leia o QR code com o celular. Na demo, a conexão Simulador é pareada na página Simulador.",
    },
    {
      title: "Atendendo um ticket",
      video: "",
      description:
        "Em Atendimentos, aceite o ticket da aba Aguardando, responda, transfira para outra fila ou resolva. O cliente recebe a mensagem de encerramento.",
    },
    {
      title: "Campanhas e listas de contatos",
      video: "",
      description:
        "Importe uma planilha em Listas de contatos, crie a campanha com até cinco variações de mensagem e acompanhe as entregas no relatório.",
    },
  ]);
}

/**
 * Next month's fee, open, issued as the daily invoice job issues it (due on the company's due date):
 * the Financeiro page shows it with its pay button (checkout: see the README).
 */
async function seedInvoice(tx: Executor, demo: DemoCompany, now: Date): Promise<void> {
  await insertDueInvoices(tx, { now, leadDays: INVOICE_LEAD_DAYS, companyId: demo.companyId });
}

/**
 * A contact list and a campaign sent to it yesterday: three delivered, one
 * refused by the network, and one number that is not on WhatsApp (left out
 * of the sending, as the campaign's planning does).
 */
async function seedCampaign(tx: Executor, demo: DemoCompany, now: Date): Promise<void> {
  const { companyId } = demo;
  const [list] = await tx
    .insert(contactLists)
    .values({ companyId, name: "Clientes da demo" })
    .returning({ id: contactLists.id });
  const recipients = [
    { name: "Carla Mendes", number: "5511988880001", email: "carla@exemplo.com", valid: true, outcome: "delivered" },
    { name: "Diego Rocha", number: "5511988880002", email: "", valid: true, outcome: "delivered" },
    { name: "Elisa Prado", number: "5511988880003", email: "elisa@exemplo.com", valid: true, outcome: "delivered" },
    { name: "Fábio Lima", number: "5511988880004", email: "", valid: true, outcome: "failed" },
    { name: "Gabi Nunes", number: "551188880005", email: "", valid: false, outcome: "skipped" },
  ] as const;
  const items = await tx
    .insert(contactListItems)
    .values(
      recipients.map((recipient) => ({
        companyId,
        contactListId: list!.id,
        name: recipient.name,
        number: recipient.number,
        email: recipient.email,
        isWhatsappValid: recipient.valid,
      })),
    )
    .returning({ id: contactListItems.id, number: contactListItems.number });

  const sentAt = new Date(now.getTime() - DAY);
  const message =
    "Olá {{firstName}}! A Demo tem novidades para você esta semana. Responda esta mensagem para saber mais.";
  const [campaign] = await tx
    .insert(campaigns)
    .values({
      companyId,
      name: "Novidades da semana",
      message1: message,
      status: "FINALIZADA",
      scheduledAt: sentAt,
      completedAt: new Date(sentAt.getTime() + 3 * MINUTE),
      whatsappId: demo.connectionId,
      contactListId: list!.id,
    })
    .returning({ id: campaigns.id });
  await tx.insert(campaignShippings).values(
    recipients
      .map((recipient, index) => ({ recipient, item: items[index]!, at: new Date(sentAt.getTime() + index * 30_000) }))
      .filter(({ recipient }) => recipient.outcome !== "skipped")
      .map(({ recipient, item, at }) => ({
        companyId,
        campaignId: campaign!.id,
        contactListItemId: item.id,
        number: item.number,
        name: recipient.name,
        message:
          recipient.outcome === "delivered" ? message.replace("{{firstName}}", recipient.name.split(" ")[0]!) : "",
        sendAt: at,
        claimedAt: at,
        deliveredAt: recipient.outcome === "delivered" ? at : null,
        failedAt: recipient.outcome === "failed" ? at : null,
      })),
  );
}

/**
 * A message to the simulator's customer tomorrow at 10:00 (server time), with
 * its send job: it goes out through the Simulador connection once paired, and
 * shows as a send error otherwise, as any schedule would. The job is written in the seed's
 * transaction, like every job of the product: jobs.start() has cached the queues, so pg-boss
 * needs no second connection, which the embedded database does not have.
 */
async function seedSchedule(tx: Executor, deps: Pick<AppContext, "jobs">, demo: DemoCompany, now: Date): Promise<void> {
  const { companyId } = demo;
  const [contact] = await tx
    .insert(contacts)
    .values({ companyId, name: DEMO_CUSTOMER.name, number: DEMO_CUSTOMER.number, email: "cliente@exemplo.com" })
    .returning({ id: contacts.id });
  const sendAt = new Date(now.getTime() + DAY);
  sendAt.setHours(10, 0, 0, 0);
  const [schedule] = await tx
    .insert(schedules)
    .values({
      companyId,
      contactId: contact!.id,
      userId: demo.userIds[0] ?? null,
      body: "Olá! Passando para lembrar da sua visita amanhã. Qualquer dúvida, é só responder.",
      sendAt,
    })
    .returning();
  await enqueueScheduleSend(deps, tx, schedule!);
}

/**
 * Where the demo flow's steps stand: left to right, as its edges run (each node's handles are on
 * its sides), one step apart by the builder's rule for a new node: a card's width (the builder
 * draws them 260 wide) plus FLOW_NEW_NODE_GAP. The start sits where a blank canvas has it.
 */
const DEMO_FLOW_STEP = 260 + FLOW_NEW_NODE_GAP;
const demoFlowPosition = (column: number, y = 100) => ({ x: 250 + column * DEMO_FLOW_STEP, y });

/**
 * start → welcome message → menu (1 Atendimento, 2 Financeiro) → each option
 * hands the ticket to its queue. A customer starts it on the simulator by
 * writing the phrase campaign's text.
 */
async function seedFlow(tx: Executor, demo: DemoCompany): Promise<number> {
  const [support, billing] = demo.queues;
  const ticketTo = (queue: DemoCompany["queues"][number]) => ({
    data: { id: queue.id, name: queue.name, color: queue.color },
  });
  const content: FlowContent = {
    nodes: [
      { id: FLOW_START_NODE_ID, type: "start", position: demoFlowPosition(0), data: { label: FLOW_START_LABEL } },
      {
        id: "boasVindas",
        type: "message",
        position: demoFlowPosition(1),
        data: { label: "Olá! Você está no fluxo de demonstração da Atendo." },
      },
      {
        id: "menuPrincipal",
        type: "menu",
        position: demoFlowPosition(2),
        data: {
          message: "Como podemos ajudar? Responda com o número da opção.",
          arrayOption: [
            { number: 1, value: "Falar com o atendimento" },
            { number: 2, value: "Boletos e pagamentos" },
          ],
        },
      },
      // The menu's options leave from its right side, one above the other: so do their queues.
      { id: "filaAtendimento", type: "ticket", position: demoFlowPosition(3, 40), data: ticketTo(support!) },
      {
        id: "filaFinanceiro",
        type: "ticket",
        position: demoFlowPosition(3, 220),
        data: ticketTo(billing ?? support!),
      },
    ],
    connections: [
      { id: "inicio-boasVindas", source: FLOW_START_NODE_ID, target: "boasVindas" },
      { id: "boasVindas-menu", source: "boasVindas", target: "menuPrincipal" },
      {
        id: "menu-atendimento",
        source: "menuPrincipal",
        sourceHandle: menuOptionHandle(1),
        target: "filaAtendimento",
      },
      {
        id: "menu-financeiro",
        source: "menuPrincipal",
        sourceHandle: menuOptionHandle(2),
        target: "filaFinanceiro",
      },
    ],
  };
  const [flow] = await tx
    .insert(flows)
    .values({ companyId: demo.companyId, userId: demo.userIds[0] ?? null, name: "Boas-vindas da demo", flow: content })
    .returning({ id: flows.id });
  await tx.insert(flowCampaigns).values({
    companyId: demo.companyId,
    userId: demo.userIds[0] ?? null,
    name: "Demo: fluxo por frase",
    flowId: flow!.id,
    whatsappId: demo.connectionId,
    phrase: DEMO_FLOW_PHRASE,
  });
  return flow!.id;
}

/**
 * A prompt with no key (the AI needs the company's own OpenAI key, so it is
 * on no queue and answers nobody until one is typed), and an integration that
 * runs the demo flow, which needs nothing from outside.
 */
async function seedAutomation(tx: Executor, demo: DemoCompany, flowId: number): Promise<void> {
  await tx.insert(prompts).values({
    companyId: demo.companyId,
    name: DEMO_NEEDS_KEY,
    prompt:
      "Você é o assistente virtual da Demo. Responda em português, com cordialidade e em poucas frases. Se não souber a resposta, ofereça transferir para um atendente.",
    apiKey: "",
  });
  await tx.insert(queueIntegrations).values({
    companyId: demo.companyId,
    type: "flowbuilder",
    name: "Exemplo — fluxo de boas-vindas",
    flowId,
  });
}
