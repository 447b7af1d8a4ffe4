import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  companyEvent,
  type FlowAnswer,
  type FlowCampaign,
  type FlowDocumentInput,
  type FlowRecord,
  newFlowNodeId,
  PAGE_SIZE,
  UPLOAD_LIMITS_BYTES,
} from "@atendo/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { login, newPlan, newTenant, newUser, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { flowMedia, flowMediaUses, flows, plans, whatsapps } from "../../db/schema/index.js";
import { flowMediaStoragePath } from "./flows.media.js";
import { findPhraseCampaign } from "./flows.repository.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

type Headers = Record<string, string>;
type Tenant = Awaited<ReturnType<typeof newTenant>>;

async function call(headers: Headers, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) {
  return env.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function newFlow(headers: Headers, name = "Atendimento"): Promise<FlowRecord> {
  const response = await call(headers, "POST", "/flowbuilder", { name });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const start = { id: "1", type: "start", position: { x: 250, y: 100 }, data: { label: "Inicio do fluxo" } } as const;

/** A small document: start → menu; option 1 → message, option 2 → randomizer → (a) image, (b) interval. */
function sampleDocument(idFlow: number): FlowDocumentInput {
  const [menu, message, randomizer, img, interval] = Array.from({ length: 5 }, newFlowNodeId) as [
    string,
    string,
    string,
    string,
    string,
  ];
  return {
    idFlow,
    nodes: [
      { ...start, width: 200, selected: true },
      {
        id: menu,
        type: "menu",
        position: { x: 500, y: 100 },
        data: {
          message: "Escolha",
          arrayOption: [
            { number: 1, value: "Vendas" },
            { number: 2, value: "Sorte" },
          ],
        },
        measured: { width: 10, height: 10 },
      },
      { id: message, type: "message", position: { x: 800, y: 0 }, data: { label: "Olá" } },
      { id: randomizer, type: "randomizer", position: { x: 800, y: 200 }, data: { percent: 40 } },
      { id: img, type: "img", position: { x: 1100, y: 200 }, data: { url: "foto.png" } },
      { id: interval, type: "interval", position: { x: 1100, y: 400 }, data: { sec: 5 } },
    ],
    connections: [
      { id: "e1", source: "1", target: menu, animated: true },
      { id: "e2", source: menu, target: message, sourceHandle: "a1" },
      { id: "e3", source: menu, target: randomizer, sourceHandle: "a2" },
      { id: "e4", source: randomizer, target: img, sourceHandle: "a", selected: true },
      { id: "e5", source: randomizer, target: interval, sourceHandle: "b" },
    ],
  } as FlowDocumentInput;
}

/**
 * The media names the sample documents use, recorded as the company's flow media as if the
 * builder had uploaded them (the flow media tests below upload for real).
 */
async function sampleMedia(companyId: number) {
  const names = ["foto.png", "a.png", "b.ogg", "c.mp4"];
  await env.db.insert(flowMedia).values(names.map((name) => ({ companyId, name })));
}

async function saveDocument(headers: Headers, document: FlowDocumentInput) {
  return call(headers, "POST", "/flowbuilder/flow", document);
}

async function readDocument(headers: Headers, id: number): Promise<FlowAnswer> {
  const response = await call(headers, "GET", `/flowbuilder/flow/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("flows", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await newTenant(env);
    await sampleMedia(tenant.company.id);
  });

  it("creates a flow without a document, announces it, and the builder reads flow.flow as null", async () => {
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await call(tenant.adminHeaders, "POST", "/flowbuilder", { name: "  Vendas  ", companyId: 1 });
    expect(response.statusCode, response.body).toBe(200);
    const flow = response.json() as FlowRecord;
    expect(flow).toEqual({
      id: expect.any(Number),
      name: "Vendas",
      active: true,
      companyId: tenant.company.id,
      userId: tenant.admin.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(emit).toHaveBeenCalledWith(tenant.company.id, companyEvent.flowbuilder(tenant.company.id), {
      action: "create",
      flow,
    });
    emit.mockRestore();
    expect(await readDocument(tenant.adminHeaders, flow.id)).toEqual({ flow: { ...flow, flow: null } });
  });

  it("refuses a bad name with ERR_VALIDATION", async () => {
    for (const [payload, message] of [
      [{ name: "a" }, "tooShort"],
      [{ name: "  " }, "required"],
      [{ name: "x".repeat(51) }, "tooLong"],
    ] as const) {
      const response = await call(tenant.adminHeaders, "POST", "/flowbuilder", payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ error: "ERR_VALIDATION", fields: [{ path: "body.name", message }] });
    }
  });

  it("lists the company's flows by name with search and pages, and counts them", async () => {
    const own = await newTenant(env);
    for (let index = 0; index < PAGE_SIZE + 2; index++)
      await newFlow(own.adminHeaders, `Fluxo ${String(index).padStart(2, "0")}`);
    await newFlow(own.adminHeaders, "Promoção 50%");
    await newFlow(tenant.adminHeaders, "Fluxo de outra empresa");
    const first = await call(own.adminHeaders, "GET", "/flowbuilder");
    expect(first.json()).toMatchObject({ count: PAGE_SIZE + 3, hasMore: true });
    expect(first.json().flows).toHaveLength(PAGE_SIZE);
    expect(first.json().flows[0].name).toBe("Fluxo 00");
    const second = await call(own.adminHeaders, "GET", "/flowbuilder?pageNumber=2");
    expect(second.json()).toMatchObject({ count: PAGE_SIZE + 3, hasMore: false });
    expect(second.json().flows.map((flow: FlowRecord) => flow.name)).toEqual(["Fluxo 20", "Fluxo 21", "Promoção 50%"]);
    const searched = await call(own.adminHeaders, "GET", "/flowbuilder?searchParam=50%25");
    expect(searched.json().flows.map((flow: FlowRecord) => flow.name)).toEqual(["Promoção 50%"]);
  });

  it("renames a flow and announces the update", async () => {
    const flow = await newFlow(tenant.adminHeaders, "Antigo");
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await call(tenant.adminHeaders, "PUT", "/flowbuilder", { flowId: flow.id, name: "Novo" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: flow.id, name: "Novo" });
    expect(emit).toHaveBeenCalledWith(tenant.company.id, companyEvent.flowbuilder(tenant.company.id), {
      action: "update",
      flow: response.json(),
    });
    emit.mockRestore();
    const bad = await call(tenant.adminHeaders, "PUT", "/flowbuilder", { flowId: flow.id, name: "N" });
    expect(bad.statusCode).toBe(400);
    const missing = await call(tenant.adminHeaders, "PUT", "/flowbuilder", { flowId: 2147483000, name: "Novo" });
    expect(missing.statusCode).toBe(404);
  });

  it("saves the builder's document without the canvas's layout fields, and answers it", async () => {
    const flow = await newFlow(tenant.adminHeaders);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const document = sampleDocument(flow.id);
    const response = await saveDocument(tenant.adminHeaders, document);
    expect(response.statusCode, response.body).toBe(200);
    expect(emit).toHaveBeenCalledWith(
      tenant.company.id,
      companyEvent.flowbuilder(tenant.company.id),
      expect.objectContaining({ action: "update" }),
    );
    emit.mockRestore();
    const saved = await readDocument(tenant.adminHeaders, flow.id);
    expect(saved).toEqual(response.json());
    const content = saved.flow.flow!;
    expect(content.nodes[0]).toEqual(start);
    expect(content.nodes[1]).not.toHaveProperty("measured");
    expect(content.connections[0]).toEqual({ id: "e1", source: "1", target: document.nodes[1]!.id });
    expect(content.connections[3]).toEqual({
      id: "e4",
      source: document.nodes[3]!.id,
      target: document.nodes[4]!.id,
      sourceHandle: "a",
    });
  });

  it("stores and answers every node type", async () => {
    const flow = await newFlow(tenant.adminHeaders);
    const data: Record<string, unknown> = {
      message: { label: "Olá {{name}}" },
      interval: { sec: 120 },
      condition: { key: "idade", condition: "greater", value: "18" },
      img: { url: "a.png" },
      audio: { url: "b.ogg", record: true },
      video: { url: "c.mp4" },
      ticket: { data: { id: 3, name: "Suporte", color: "#fff" } },
      singleBlock: {
        seq: ["message0", "interval0", "audio0"],
        elements: [
          { type: "message", number: "message0", value: "Oi" },
          { type: "interval", number: "interval0", value: 2 },
          { type: "audio", number: "audio0", value: "b.ogg", original: "voz.ogg", record: true },
        ],
      },
      typebot: { typebotIntegration: { name: "Bot", urlN8N: "https://typebot.example", typebotSlug: "bot" } },
      openai: { typebotIntegration: { name: "IA", apiKey: "sk-x", prompt: "Seja breve." } },
      question: { typebotIntegration: { message: "Seu nome?", answerKey: "nome" } },
    };
    const nodes = Object.entries(data).map(([type, nodeData], index) => ({
      id: newFlowNodeId(),
      type,
      position: { x: 300 * index, y: 0 },
      data: nodeData,
    }));
    const document = { idFlow: flow.id, nodes: [start, ...nodes], connections: [] } as unknown as FlowDocumentInput;
    const response = await saveDocument(tenant.adminHeaders, document);
    expect(response.statusCode, response.body).toBe(200);
    const saved = (await readDocument(tenant.adminHeaders, flow.id)).flow.flow!;
    expect(saved.nodes.map((node) => node.type)).toEqual(["start", ...Object.keys(data)]);
    expect(saved.nodes.find((node) => node.type === "openai")?.data).toMatchObject({
      typebotIntegration: { voice: "texto", temperature: 1, maxTokens: 100, maxMessages: 10, queueId: null },
    });
  });

  it("refuses a bad document and leaves the saved one as it was", async () => {
    const flow = await newFlow(tenant.adminHeaders);
    expect((await saveDocument(tenant.adminHeaders, sampleDocument(flow.id))).statusCode).toBe(200);
    const before = await readDocument(tenant.adminHeaders, flow.id);
    const good = sampleDocument(flow.id);
    const cases: [FlowDocumentInput, string, string][] = [
      [
        { ...good, connections: [...good.connections, { id: "x", source: "1", target: "ghost" }] },
        "body.connections.5.target",
        "danglingEdge",
      ],
      [
        {
          ...good,
          connections: good.connections.map((edge) => (edge.id === "e2" ? { ...edge, sourceHandle: "a9" } : edge)),
        },
        "body.connections.1.sourceHandle",
        "invalidHandle",
      ],
      [{ ...good, nodes: [...good.nodes, { ...start, id: "2" }] }, "body.nodes", "startCount"],
      [
        { ...good, nodes: [...good.nodes, { ...good.nodes[1]!, position: { x: 0, y: 0 } }] },
        "body.nodes.6.id",
        "duplicateId",
      ],
      [
        {
          ...good,
          nodes: good.nodes.map((node) => (node.type === "img" ? { ...node, data: { url: "../../x.png" } } : node)),
        },
        "body.nodes.4.data.url",
        "invalidMediaName",
      ],
      [
        {
          ...good,
          nodes: [...good.nodes, { id: "zz", type: "webhook", position: { x: 0, y: 0 }, data: {} }],
        } as FlowDocumentInput,
        "body.nodes.6.type",
        expect.any(String) as unknown as string,
      ],
    ];
    for (const [document, path, message] of cases) {
      const response = await saveDocument(tenant.adminHeaders, document);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toBe("ERR_VALIDATION");
      expect(response.json().fields).toContainEqual({ path, message });
    }
    expect(await readDocument(tenant.adminHeaders, flow.id)).toEqual(before);
  });

  it("refuses a document bigger than the bounds", async () => {
    const flow = await newFlow(tenant.adminHeaders);
    const nodes = Array.from({ length: 501 }, () => ({
      id: newFlowNodeId(),
      type: "message",
      position: { x: 0, y: 0 },
      data: { label: "x" },
    }));
    const response = await saveDocument(tenant.adminHeaders, {
      idFlow: flow.id,
      nodes: [start, ...nodes],
      connections: [],
    } as FlowDocumentInput);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toContainEqual({ path: "body.nodes", message: "tooMany" });
  });

  it("duplicates a flow with its document, the copy's name within 50 characters", async () => {
    const flow = await newFlow(tenant.adminHeaders, "x".repeat(50));
    await saveDocument(tenant.adminHeaders, sampleDocument(flow.id));
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await call(tenant.adminHeaders, "POST", "/flowbuilder/duplicate", { flowId: flow.id });
    expect(response.statusCode, response.body).toBe(200);
    const copy = response.json() as FlowRecord;
    expect(copy.id).not.toBe(flow.id);
    expect(copy.name).toBe(`${"x".repeat(42)} - cópia`);
    expect(copy.name.length).toBeLessThanOrEqual(50);
    expect(emit).toHaveBeenCalledWith(tenant.company.id, companyEvent.flowbuilder(tenant.company.id), {
      action: "create",
      flow: copy,
    });
    emit.mockRestore();
    expect((await readDocument(tenant.adminHeaders, copy.id)).flow.flow).toEqual(
      (await readDocument(tenant.adminHeaders, flow.id)).flow.flow,
    );
    const missing = await call(tenant.adminHeaders, "POST", "/flowbuilder/duplicate", { flowId: 2147483000 });
    expect(missing.statusCode).toBe(404);
  });

  it("deletes a flow with its phrase campaigns and the integrations that run it, and connections that started it forget it", async () => {
    const flow = await newFlow(tenant.adminHeaders);
    const other = await newFlow(tenant.adminHeaders);
    const whatsapp = await newWhatsapp(env.db, tenant.company.id, { flowIdNotPhrase: flow.id });
    const campaign = await call(tenant.adminHeaders, "POST", "/flowcampaign", {
      name: "Promo",
      flowId: flow.id,
      whatsappId: whatsapp.id,
      phrase: "promo",
    });
    const kept = await call(tenant.adminHeaders, "POST", "/flowcampaign", {
      name: "Outra",
      flowId: other.id,
      whatsappId: whatsapp.id,
      phrase: "outra",
    });
    const integration = await call(tenant.adminHeaders, "POST", "/queueIntegration", {
      type: "flowbuilder",
      name: "Fluxo de boas-vindas",
      flowId: flow.id,
    });
    expect(integration.statusCode, integration.body).toBe(200);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await call(tenant.adminHeaders, "DELETE", `/flowbuilder/${flow.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(emit).toHaveBeenCalledWith(tenant.company.id, companyEvent.queueIntegration(tenant.company.id), {
      action: "delete",
      queueIntegrationId: integration.json().id,
    });
    expect((await call(tenant.adminHeaders, "GET", `/queueIntegration/${integration.json().id}`)).statusCode).toBe(404);
    expect(emit).toHaveBeenCalledWith(tenant.company.id, companyEvent.flowbuilder(tenant.company.id), {
      action: "delete",
      flowId: flow.id,
    });
    expect(emit).toHaveBeenCalledWith(tenant.company.id, companyEvent.flowcampaign(tenant.company.id), {
      action: "delete",
      flowCampaignId: campaign.json().id,
    });
    emit.mockRestore();
    expect((await call(tenant.adminHeaders, "GET", `/flowbuilder/flow/${flow.id}`)).statusCode).toBe(404);
    expect((await call(tenant.adminHeaders, "GET", `/flowcampaign/${campaign.json().id}`)).statusCode).toBe(404);
    expect((await call(tenant.adminHeaders, "GET", `/flowcampaign/${kept.json().id}`)).statusCode).toBe(200);
    const [connection] = await env.db.select().from(whatsapps).where(eq(whatsapps.id, whatsapp.id));
    expect(connection?.flowIdNotPhrase).toBeNull();
    expect((await call(tenant.adminHeaders, "DELETE", `/flowbuilder/${flow.id}`)).statusCode).toBe(404);
  });

  it("is for admins of a plan with the campaigns flag", async () => {
    const flow = await newFlow(tenant.adminHeaders);
    for (const [method, url] of [
      ["GET", "/flowbuilder"],
      ["GET", `/flowbuilder/flow/${flow.id}`],
      ["DELETE", `/flowbuilder/${flow.id}`],
      ["GET", "/flowcampaign"],
    ] as const) {
      const response = await call(tenant.agentHeaders, method, url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error).toBe("ERR_NO_PERMISSION");
    }
    const plan = await newPlan(env.db, { useCampaigns: false });
    const without = await newTenant(env, { planId: plan.id });
    const response = await call(without.adminHeaders, "GET", "/flowbuilder");
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe("ERR_NO_PERMISSION");
    await env.db.update(plans).set({ useCampaigns: true }).where(eq(plans.id, plan.id));
    expect((await call(without.adminHeaders, "GET", "/flowbuilder")).statusCode).toBe(200);
  });
});

// ---- Media ----

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
  "base64",
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
const OPUS = Buffer.concat([Buffer.from("OggS\0\x02", "latin1"), Buffer.alloc(22), Buffer.from("OpusHead\x01\x01")]);
const MP3 = Buffer.from([0xff, 0xfb, 0x90, 0x44, 0, 0, 0, 0]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom\0\0\x02\0isomiso2")]);
const PDF = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1");
const HTML = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const sized = (head: Buffer, bytes: number) => Buffer.concat([head, Buffer.alloc(bytes - head.length, 1)]);

interface UploadFile {
  data: Buffer;
  name: string;
  type?: string;
}

/** The builder's form: fromMe, body, then each file under `medias`. */
async function upload(headers: Headers, route: "img" | "audio" | "content", files: UploadFile[], field = "medias") {
  const body = new FormData();
  body.append("fromMe", "true");
  body.append("body", "");
  for (const file of files) body.append(field, new Blob([file.data], { type: file.type ?? "image/png" }), file.name);
  const encoded = new Response(body);
  return env.app.inject({
    method: "POST",
    url: `/flowbuilder/${route}`,
    headers: { ...headers, "content-type": encoded.headers.get("content-type") ?? "" },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

describe("flow media", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await newTenant(env);
  });
  const stored = (name: string) => join(env.ctx.media.root, flowMediaStoragePath(tenant.company.id, name)!);

  it("stores a png under a generated name in the company's folder and answers it", async () => {
    const response = await upload(tenant.adminHeaders, "img", [{ data: PNG, name: "../../foto.html" }]);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({
      name: expect.stringMatching(/^[0-9a-f-]{36}\.png$/),
      names: [answer.name],
      originals: ["foto.html"],
    });
    expect(readFileSync(stored(answer.name))).toEqual(PNG);
    const served = await env.app.inject({ url: `/public/company${tenant.company.id}/${answer.name}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
  });

  it("types a file by its bytes: a jpeg named .png is a jpg, a png named .mp3 is refused as audio", async () => {
    const jpeg = await upload(tenant.adminHeaders, "img", [{ data: JPEG, name: "foto.png" }]);
    expect(jpeg.statusCode, jpeg.body).toBe(200);
    expect(jpeg.json().name).toMatch(/\.jpg$/);
    const fake = await upload(tenant.adminHeaders, "audio", [{ data: PNG, name: "song.mp3", type: "audio/mpeg" }]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({
      error: "ERR_VALIDATION",
      fields: [{ path: "body.medias.0", message: "unsupportedType" }],
    });
  });

  it("refuses HTML, SVG and documents", async () => {
    for (const [route, data, name] of [
      ["img", HTML, "page.png"],
      ["img", SVG, "logo.svg"],
      ["content", HTML, "page.html"],
      ["content", PDF, "doc.pdf"],
      ["audio", SVG, "x.ogg"],
    ] as const) {
      const response = await upload(tenant.adminHeaders, route, [{ data, name }]);
      expect(response.statusCode, `${route} ${name}`).toBe(400);
      expect(response.json()).toMatchObject({
        error: "ERR_VALIDATION",
        fields: [{ path: "body.medias.0", message: "unsupportedType" }],
      });
    }
  });

  it("holds each kind to its limit: image 2 MB, audio 5 MB, video 20 MB", async () => {
    const big = await upload(tenant.adminHeaders, "img", [
      { data: sized(PNG, UPLOAD_LIMITS_BYTES.image + 1), name: "big.png" },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().error).toBe("ERR_PAYLOAD_TOO_LARGE");
    const bigAudio = await upload(tenant.adminHeaders, "audio", [
      { data: sized(MP3, UPLOAD_LIMITS_BYTES.audio + 1), name: "long.mp3", type: "audio/mpeg" },
    ]);
    expect(bigAudio.statusCode).toBe(413);
    expect(bigAudio.json()).toMatchObject({
      error: "ERR_PAYLOAD_TOO_LARGE",
      data: { kind: "audio", maxBytes: UPLOAD_LIMITS_BYTES.audio },
    });
    const bigImageInContent = await upload(tenant.adminHeaders, "content", [
      { data: sized(PNG, UPLOAD_LIMITS_BYTES.image + 1), name: "big.png" },
    ]);
    expect(bigImageInContent.statusCode).toBe(413);
    // The video dialog uploads through /audio: an mp4 of 6 MB passes there.
    const video = await upload(tenant.adminHeaders, "audio", [
      { data: sized(MP4, 6 * 1024 * 1024), name: "clip.mp4", type: "video/mp4" },
    ]);
    expect(video.statusCode, video.body).toBe(200);
    expect(video.json().name).toMatch(/\.mp4$/);
    const opus = await upload(tenant.adminHeaders, "audio", [{ data: OPUS, name: "voz.opus", type: "audio/ogg" }]);
    expect(opus.statusCode, opus.body).toBe(200);
    expect(opus.json().name).toMatch(/\.ogg$/);
  });

  it("stores the content composer's files in order, and none when one is refused", async () => {
    const response = await upload(tenant.adminHeaders, "content", [
      { data: PNG, name: "a.png" },
      { data: MP3, name: "b.mp3", type: "audio/mpeg" },
      { data: MP4, name: "c.mp4", type: "video/mp4" },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.names.map((name: string) => name.split(".").pop())).toEqual(["png", "mp3", "mp4"]);
    expect(answer.name).toBe(answer.names[0]);
    expect(answer.originals).toEqual(["a.png", "b.mp3", "c.mp4"]);
    for (const name of answer.names) expect(existsSync(stored(name))).toBe(true);

    const saveSpy = vi.spyOn(env.ctx.media, "save");
    const refused = await upload(tenant.adminHeaders, "content", [
      { data: PNG, name: "a.png" },
      { data: HTML, name: "b.html" },
      { data: MP3, name: "c.mp3" },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual([{ path: "body.medias.1", message: "unsupportedType" }]);
    const first = await saveSpy.mock.results[0]?.value;
    saveSpy.mockRestore();
    expect(existsSync(join(env.ctx.media.root, first.path))).toBe(false);
  });

  it("wants a file under medias, in a multipart body", async () => {
    const none = await upload(tenant.adminHeaders, "img", [{ data: PNG, name: "a.png" }], "file");
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual([{ path: "body.medias", message: "required" }]);
    const json = await call(tenant.adminHeaders, "POST", "/flowbuilder/img", { medias: "x" });
    expect(json.statusCode).toBe(400);
    expect(json.json().fields).toEqual([{ path: "body", message: "multipartRequired" }]);
    const agent = await upload(tenant.agentHeaders, "img", [{ data: PNG, name: "a.png" }]);
    expect(agent.statusCode).toBe(403);
  });
});

describe("flow media in saved documents", () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await newTenant(env);
  });
  const fileOf = (companyId: number, name: string) => join(env.ctx.media.root, flowMediaStoragePath(companyId, name)!);
  const uploaded = async (who: Tenant, data = PNG) => {
    const response = await upload(who.adminHeaders, "img", [{ data, name: "foto.png" }]);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().name as string;
  };
  /** start → an image node showing `name`. */
  const withImage = (idFlow: number, name: string) =>
    ({
      idFlow,
      nodes: [start, { id: "img", type: "img", position: { x: 500, y: 100 }, data: { url: name } }],
      connections: [{ id: "e", source: "1", target: "img" }],
    }) as FlowDocumentInput;
  const tracked = async (companyId: number, name: string) =>
    (
      await env.db
        .select()
        .from(flowMedia)
        .where(and(eq(flowMedia.companyId, companyId), eq(flowMedia.name, name)))
    ).length > 0;

  it("names only files the company uploaded through the builder", async () => {
    const flow = await newFlow(tenant.adminHeaders);
    const own = await uploaded(tenant);
    expect((await saveDocument(tenant.adminHeaders, withImage(flow.id, own))).statusCode).toBe(200);

    const stranger = await newTenant(env);
    const theirs = await uploaded(stranger);
    // A file of the company's that is no flow media: a message's.
    const message = await env.ctx.media.save(tenant.company.id, { data: PNG, originalName: "recebida.png" });
    const messageName = message.path.split("/").at(-1)!;
    const content = {
      idFlow: flow.id,
      nodes: [
        start,
        {
          id: "seq",
          type: "singleBlock",
          position: { x: 500, y: 100 },
          data: {
            seq: ["img0", "img1"],
            elements: [
              { type: "img", number: "img0", value: own },
              { type: "img", number: "img1", value: messageName },
            ],
          },
        },
      ],
      connections: [],
    } as FlowDocumentInput;
    for (const [document, path] of [
      [withImage(flow.id, theirs), "body.nodes.1.data.url"],
      [withImage(flow.id, "nunca-enviado.png"), "body.nodes.1.data.url"],
      [content, "body.nodes.1.data.elements.1.value"],
    ] as const) {
      const response = await saveDocument(tenant.adminHeaders, document);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ error: "ERR_VALIDATION", fields: [{ path, message: "unknownMedia" }] });
    }
    // Refused saves leave the document and the files as they were.
    const saved = (await readDocument(tenant.adminHeaders, flow.id)).flow.flow!;
    expect(saved.nodes[1]).toMatchObject({ type: "img", data: { url: own } });
    expect(existsSync(fileOf(tenant.company.id, own))).toBe(true);
    expect(existsSync(fileOf(stranger.company.id, theirs))).toBe(true);
    expect(existsSync(join(env.ctx.media.root, message.path))).toBe(true);
  });

  it("removes a replaced file once no flow names it, keeping what a duplicate still shows", async () => {
    const flow = await newFlow(tenant.adminHeaders);
    const [first, second] = [await uploaded(tenant), await uploaded(tenant, JPEG)];
    expect((await saveDocument(tenant.adminHeaders, withImage(flow.id, first))).statusCode).toBe(200);
    const copy = (await call(tenant.adminHeaders, "POST", "/flowbuilder/duplicate", { flowId: flow.id })).json();

    // The node's picture replaced: the copy still shows the first one.
    expect((await saveDocument(tenant.adminHeaders, withImage(flow.id, second))).statusCode).toBe(200);
    expect(existsSync(fileOf(tenant.company.id, first))).toBe(true);
    expect(await tracked(tenant.company.id, first)).toBe(true);

    // The copy deleted: nothing names the first picture any more.
    expect((await call(tenant.adminHeaders, "DELETE", `/flowbuilder/${copy.id}`)).statusCode).toBe(200);
    expect(existsSync(fileOf(tenant.company.id, first))).toBe(false);
    expect(await tracked(tenant.company.id, first)).toBe(false);
    expect(existsSync(fileOf(tenant.company.id, second))).toBe(true);

    // The flow saved without media, then deleted: its last file goes.
    const bare = { idFlow: flow.id, nodes: [start], connections: [] } as FlowDocumentInput;
    expect((await saveDocument(tenant.adminHeaders, bare)).statusCode).toBe(200);
    expect(existsSync(fileOf(tenant.company.id, second))).toBe(false);
    expect(await env.db.select().from(flowMediaUses).where(eq(flowMediaUses.flowId, flow.id))).toEqual([]);
  });

  it("deletes a flow's files with it, and an upload left unused past a day at the next save", async () => {
    const flow = await newFlow(tenant.adminHeaders);
    const [used, abandoned, fresh] = [await uploaded(tenant), await uploaded(tenant), await uploaded(tenant)];
    expect((await saveDocument(tenant.adminHeaders, withImage(flow.id, used))).statusCode).toBe(200);
    await env.db
      .update(flowMedia)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(and(eq(flowMedia.companyId, tenant.company.id), eq(flowMedia.name, abandoned)));

    expect((await call(tenant.adminHeaders, "DELETE", `/flowbuilder/${flow.id}`)).statusCode).toBe(200);
    expect(existsSync(fileOf(tenant.company.id, used))).toBe(false);
    expect(existsSync(fileOf(tenant.company.id, abandoned))).toBe(false);
    // Uploaded a moment ago: the flow that will name it may not be saved yet.
    expect(existsSync(fileOf(tenant.company.id, fresh))).toBe(true);
    expect(await tracked(tenant.company.id, fresh)).toBe(true);
  });
});

// ---- Flow campaigns ----

describe("flow campaigns", () => {
  let tenant: Tenant;
  let flow: FlowRecord;
  let whatsappId: number;
  beforeAll(async () => {
    tenant = await newTenant(env);
    flow = await newFlow(tenant.adminHeaders);
    whatsappId = (await newWhatsapp(env.db, tenant.company.id)).id;
  });

  it("creates, shows, lists, updates and deletes a campaign, announcing each change", async () => {
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const created = await call(tenant.adminHeaders, "POST", "/flowcampaign", {
      name: "  Boas-vindas ",
      flowId: flow.id,
      whatsappId: String(whatsappId),
      phrase: "  Quero comprar ",
      companyId: 999,
      userId: 999,
    });
    expect(created.statusCode, created.body).toBe(200);
    const campaign = created.json() as FlowCampaign;
    expect(campaign).toEqual({
      id: expect.any(Number),
      name: "Boas-vindas",
      flowId: flow.id,
      whatsappId,
      phrase: "Quero comprar",
      status: true,
      companyId: tenant.company.id,
      userId: tenant.admin.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const channel = companyEvent.flowcampaign(tenant.company.id);
    expect(emit).toHaveBeenCalledWith(tenant.company.id, channel, { action: "create", flowCampaign: campaign });

    expect((await call(tenant.adminHeaders, "GET", `/flowcampaign/${campaign.id}`)).json()).toEqual(campaign);
    expect((await call(tenant.adminHeaders, "GET", "/flowcampaign")).json()).toEqual({ flow: [campaign] });

    const updated = await call(tenant.adminHeaders, "PUT", "/flowcampaign", {
      id: campaign.id,
      name: "Boas-vindas",
      flowId: flow.id,
      whatsappId,
      phrase: "oi",
      status: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id: campaign.id, phrase: "oi", status: false });
    expect(emit).toHaveBeenCalledWith(tenant.company.id, channel, { action: "update", flowCampaign: updated.json() });

    const removed = await call(tenant.adminHeaders, "DELETE", `/flowcampaign/${campaign.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(emit).toHaveBeenCalledWith(tenant.company.id, channel, { action: "delete", flowCampaignId: campaign.id });
    emit.mockRestore();
    expect((await call(tenant.adminHeaders, "GET", `/flowcampaign/${campaign.id}`)).statusCode).toBe(404);
    expect((await call(tenant.adminHeaders, "DELETE", `/flowcampaign/${campaign.id}`)).statusCode).toBe(404);
  });

  it("refuses missing fields and an empty phrase", async () => {
    for (const [payload, path] of [
      [{ name: "P", flowId: flow.id, whatsappId, phrase: "   " }, "body.phrase"],
      [{ name: "", flowId: flow.id, whatsappId, phrase: "oi" }, "body.name"],
      [{ name: "P", whatsappId, phrase: "oi" }, "body.flowId"],
      [{ name: "P", flowId: flow.id, phrase: "oi" }, "body.whatsappId"],
    ] as const) {
      const response = await call(tenant.adminHeaders, "POST", "/flowcampaign", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fields.map((field: { path: string }) => field.path)).toContain(path);
    }
    const noStatus = await call(tenant.adminHeaders, "PUT", "/flowcampaign", {
      id: 1,
      name: "P",
      flowId: flow.id,
      whatsappId,
      phrase: "oi",
    });
    expect(noStatus.statusCode).toBe(400);
  });

  it("answers 404 for a flow or connection that is not the company's", async () => {
    const other = await newTenant(env);
    const foreignFlow = await newFlow(other.adminHeaders);
    const foreignWhatsapp = await newWhatsapp(env.db, other.company.id);
    for (const payload of [
      { name: "P", flowId: foreignFlow.id, whatsappId, phrase: "oi" },
      { name: "P", flowId: flow.id, whatsappId: foreignWhatsapp.id, phrase: "oi" },
      { name: "P", flowId: 2147483000, whatsappId, phrase: "oi" },
    ]) {
      const response = await call(tenant.adminHeaders, "POST", "/flowcampaign", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(404);
      expect(response.json().error).toBe("ERR_NOT_FOUND");
    }
    const campaign = (
      await call(tenant.adminHeaders, "POST", "/flowcampaign", { name: "P", flowId: flow.id, whatsappId, phrase: "oi" })
    ).json() as FlowCampaign;
    const moved = await call(tenant.adminHeaders, "PUT", "/flowcampaign", {
      ...campaign,
      flowId: foreignFlow.id,
    });
    expect(moved.statusCode).toBe(404);
    expect((await call(tenant.adminHeaders, "GET", `/flowcampaign/${campaign.id}`)).json()).toEqual(campaign);
  });

  it("lets only holders of the contacts delete permission delete", async () => {
    const campaign = (
      await call(tenant.adminHeaders, "POST", "/flowcampaign", { name: "P", flowId: flow.id, whatsappId, phrase: "x" })
    ).json() as FlowCampaign;
    const supervisor = await newUser(env.db, tenant.company.id, { profile: "supervisor" });
    const response = await call(await login(env, supervisor.email), "DELETE", `/flowcampaign/${campaign.id}`);
    expect(response.statusCode).toBe(403);
    expect((await call(tenant.adminHeaders, "GET", `/flowcampaign/${campaign.id}`)).statusCode).toBe(200);
  });

  it("finds the active campaign of a connection by its phrase, trimmed and case-insensitively", async () => {
    const own = await newTenant(env);
    const target = await newFlow(own.adminHeaders);
    const connection = await newWhatsapp(env.db, own.company.id);
    const otherConnection = await newWhatsapp(env.db, own.company.id);
    const make = async (phrase: string, whatsapp: number, status = true, flowId = target.id) =>
      (
        await call(own.adminHeaders, "POST", "/flowcampaign", {
          name: phrase,
          flowId,
          whatsappId: whatsapp,
          phrase,
          status,
        })
      ).json() as FlowCampaign;
    const promo = await make("Quero a Promoção", connection.id);
    await make("inativa", connection.id, false);
    await make("outra conexão", otherConnection.id);
    const { id: companyId } = own.company;

    expect((await findPhraseCampaign(env.db, companyId, connection.id, "  quero a PROMOÇÃO \n"))?.id).toBe(promo.id);
    expect(await findPhraseCampaign(env.db, companyId, connection.id, "quero a promoção agora")).toBeUndefined();
    expect(await findPhraseCampaign(env.db, companyId, connection.id, "inativa")).toBeUndefined();
    expect(await findPhraseCampaign(env.db, companyId, connection.id, "outra conexão")).toBeUndefined();
    expect((await findPhraseCampaign(env.db, companyId, otherConnection.id, "OUTRA CONEXÃO"))?.flowId).toBe(target.id);
    expect(await findPhraseCampaign(env.db, companyId, connection.id, "   ")).toBeUndefined();
    // Another company's connection id finds nothing, whatever the phrase.
    expect(await findPhraseCampaign(env.db, tenant.company.id, connection.id, "quero a promoção")).toBeUndefined();
    // An inactive flow starts nothing.
    await env.db.update(flows).set({ active: false }).where(eq(flows.id, target.id));
    expect(await findPhraseCampaign(env.db, companyId, connection.id, "quero a promoção")).toBeUndefined();
  });
});

// ---- Tenant isolation ----

describe("another company's ids", () => {
  let a: Tenant;
  let b: Tenant;
  let flowA: FlowRecord;
  let campaignA: FlowCampaign;
  let whatsappA: number;
  let whatsappB: number;
  let flowB: FlowRecord;

  beforeAll(async () => {
    a = await newTenant(env);
    b = await newTenant(env);
    await sampleMedia(a.company.id);
    flowA = await newFlow(a.adminHeaders, "Privado");
    await saveDocument(a.adminHeaders, sampleDocument(flowA.id));
    whatsappA = (await newWhatsapp(env.db, a.company.id)).id;
    whatsappB = (await newWhatsapp(env.db, b.company.id)).id;
    flowB = await newFlow(b.adminHeaders);
    campaignA = (
      await call(a.adminHeaders, "POST", "/flowcampaign", {
        name: "Privada",
        flowId: flowA.id,
        whatsappId: whatsappA,
        phrase: "segredo",
      })
    ).json();
  });

  const cases: [string, "GET" | "POST" | "PUT" | "DELETE", () => string, () => unknown][] = [
    ["GET flow", "GET", () => `/flowbuilder/flow/${flowA.id}`, () => undefined],
    ["PUT flow", "PUT", () => "/flowbuilder", () => ({ flowId: flowA.id, name: "Hijacked" })],
    ["DELETE flow", "DELETE", () => `/flowbuilder/${flowA.id}`, () => undefined],
    ["duplicate", "POST", () => "/flowbuilder/duplicate", () => ({ flowId: flowA.id })],
    ["save document", "POST", () => "/flowbuilder/flow", () => sampleDocument(flowA.id)],
    ["GET campaign", "GET", () => `/flowcampaign/${campaignA.id}`, () => undefined],
    [
      "PUT campaign",
      "PUT",
      () => "/flowcampaign",
      () => ({
        id: campaignA.id,
        name: "Hijacked",
        flowId: flowB.id,
        whatsappId: whatsappB,
        phrase: "x",
        status: true,
      }),
    ],
    ["DELETE campaign", "DELETE", () => `/flowcampaign/${campaignA.id}`, () => undefined],
    [
      "campaign on A's flow",
      "POST",
      () => "/flowcampaign",
      () => ({ name: "Sneaky", flowId: flowA.id, whatsappId: whatsappB, phrase: "x" }),
    ],
    [
      "campaign on A's connection",
      "POST",
      () => "/flowcampaign",
      () => ({ name: "Sneaky", flowId: flowB.id, whatsappId: whatsappA, phrase: "x" }),
    ],
  ];

  it.each(cases)("%s answers 404", async (_name, method, url, payload) => {
    const response = await call(b.adminHeaders, method, url(), payload());
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().error).toBe("ERR_NOT_FOUND");
  });

  it("left company A's flow and campaign as they were, and B's lists show none of them", async () => {
    const document = await readDocument(a.adminHeaders, flowA.id);
    expect(document.flow).toMatchObject({ name: "Privado" });
    expect(document.flow.flow?.nodes).toHaveLength(6);
    expect((await call(a.adminHeaders, "GET", `/flowcampaign/${campaignA.id}`)).json()).toEqual(campaignA);
    const flowsB = (await call(b.adminHeaders, "GET", "/flowbuilder")).json();
    expect(flowsB.flows.map((flow: FlowRecord) => flow.id)).toEqual([flowB.id]);
    expect((await call(b.adminHeaders, "GET", "/flowcampaign")).json()).toEqual({ flow: [] });
    expect((await call(a.adminHeaders, "GET", "/flowbuilder")).json().count).toBe(1);
  });
});
