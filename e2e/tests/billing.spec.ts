import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { join } from "node:path";
import { asaasPort, asaasWebhookToken, baseURL } from "../playwright.config";
import { apiLogin, DEMO, expect, loginThroughForm, test, unique } from "./support";

const ASAAS_API_KEY = "$aact_e2e_api_key";
/** A 1x1 PNG standing in for the QR code image Asaas encodes. */
const QR_IMAGE = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
const DAY = 24 * 60 * 60 * 1000;

/** The part of Asaas's API v3 the checkout uses: customers, Pix payments, their QR code. */
function startFakeAsaas() {
  const customers: Record<string, unknown>[] = [];
  const payments: { id: string; value: number }[] = [];
  const readJson = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  };
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const body = await readJson(request);
    const send = (status: number, json: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(json));
    };
    if (request.headers.access_token !== ASAAS_API_KEY) {
      return send(401, { errors: [{ code: "invalid_access_token", description: "invalid" }] });
    }
    if (request.method === "GET" && url.pathname === "/v3/customers") {
      const reference = url.searchParams.get("externalReference");
      return send(200, { object: "list", data: customers.filter((c) => c.externalReference === reference) });
    }
    if (request.method === "POST" && url.pathname === "/v3/customers") {
      const customer = { object: "customer", id: `cus_${randomBytes(4).toString("hex")}`, ...body };
      customers.push(customer);
      return send(200, customer);
    }
    if (request.method === "POST" && url.pathname === "/v3/payments") {
      const payment = { object: "payment", id: `pay_${randomBytes(4).toString("hex")}`, value: Number(body.value) };
      payments.push(payment);
      return send(200, { ...body, ...payment, status: "PENDING" });
    }
    const qr = /^\/v3\/payments\/([^/]+)\/pixQrCode$/.exec(url.pathname);
    if (request.method === "GET" && qr) {
      return send(200, {
        encodedImage: QR_IMAGE,
        payload: `00020126580014br.gov.bcb.pix-${qr[1]}`,
        expirationDate: null,
      });
    }
    send(404, { errors: [{ code: "not_found", description: "not found" }] });
  });
  return {
    payments,
    listen: () => new Promise<void>((resolve) => server.listen(asaasPort, "127.0.0.1", resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** What Asaas does once the Pix arrives: it calls the product's webhook with the shared token. */
    confirm: (payment: { id: string; value: number }) =>
      fetch(`${baseURL}/subscription/webhook`, {
        method: "POST",
        headers: { "content-type": "application/json", "asaas-access-token": asaasWebhookToken },
        body: JSON.stringify({
          event: "PAYMENT_RECEIVED",
          payment: { object: "payment", id: payment.id, value: payment.value, billingType: "PIX", status: "RECEIVED" },
        }),
      }),
  };
}

const fake = startFakeAsaas();
test.beforeAll(async () => fake.listen());
test.afterAll(async () => fake.close());

const ddmmyyyy = (date: Date) =>
  `${String(date.getDate()).padStart(2, "0")}/${String(date.getMonth() + 1).padStart(2, "0")}/${date.getFullYear()}`;

test("an admin whose access expired pays an invoice by Pix and gets access back", async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const superHeaders = await apiLogin(request, DEMO.super);
  // The platform's Asaas key (the super admin's asaas setting).
  const setting = await request.put("/settings/asaas", {
    headers: superHeaders,
    data: { key: "asaas", value: ASAAS_API_KEY },
  });
  expect(setting.status(), await setting.text()).toBe(200);
  const plans = (await (await request.get("/plans/all", { headers: superHeaders })).json()) as {
    id: number;
    name: string;
    value: number;
  }[];
  const plan = plans.find((candidate) => candidate.value > 0)!;

  const email = `billing-${unique()}@acme.test`;
  const password = "secret123";
  const created = await request.post("/companies", {
    headers: superHeaders,
    data: {
      name: `Billing ${unique()}`,
      email,
      planId: plan.id,
      dueDate: new Date(Date.now() + DAY).toISOString(),
      password,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const company = (await created.json()) as { id: number };

  await loginThroughForm(page, email, password);
  await expect(page).toHaveURL(/\/tickets/);

  // The due date passes while the admin is signed in: a new login is refused, the live session goes on.
  const expiredOn = new Date(Date.now() - 2 * DAY);
  const expire = await request.put(`/companies/${company.id}`, {
    headers: superHeaders,
    data: { dueDate: expiredOn.toISOString() },
  });
  expect(expire.status(), await expire.text()).toBe(200);
  const refused = await request.post("/auth/login", { data: { email, password } });
  expect(refused.status()).toBe(402);

  await page.goto("/financeiro");
  const row = page.locator("tbody tr", { hasText: ddmmyyyy(expiredOn) });
  await expect(row).toHaveAttribute("data-status", "expired");
  await expect(row.getByText("Vencido")).toBeVisible();
  await page.screenshot({ path: join(import.meta.dirname, "../screenshots/financeiro.png") });
  await row.getByRole("button", { name: /^Pagar/ }).click();

  const dialog = page.getByRole("dialog", { name: "Assinatura" });
  await expect(dialog).toBeVisible();
  // Step 1, Data: document 1 section 5's checks.
  await dialog.getByRole("button", { name: "Próximo" }).click();
  await expect(dialog.getByText("Obrigatório").first()).toBeVisible();
  await dialog.locator("#checkout-firstName").fill("Maria");
  await dialog.locator("#checkout-lastName").fill("Souza");
  await dialog.locator("#checkout-address2").fill("Rua das Flores, 10");
  await dialog.locator("#checkout-city").fill("São Paulo");
  await dialog.locator("#checkout-state").fill("SP");
  await dialog.locator("#checkout-zipcode").fill("0100");
  await dialog.getByRole("button", { name: "Próximo" }).click();
  await expect(dialog.getByText("CEP inválido para o país escolhido")).toBeVisible();
  await dialog.locator("#checkout-country").click();
  await expect(page.getByRole("option")).toHaveText(["Brasil", "United States"]);
  await page.getByRole("option", { name: "Brasil" }).click();
  await dialog.locator("#checkout-zipcode").fill("01001-000");
  await dialog.getByRole("button", { name: "Próximo" }).click();

  // Step 2, Customize: the company's plan, at its price.
  const price = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(plan.value);
  await expect(dialog.locator("#checkout-plan")).toHaveText(plan.name);
  await expect(dialog.getByTestId("checkout-price")).toHaveText(`${price} / mês`);
  await dialog.getByRole("button", { name: "Próximo" }).click();

  // Step 3, Review, then pay.
  await expect(dialog.getByText("Maria Souza")).toBeVisible();
  await expect(dialog.getByTestId("checkout-total")).toHaveText(`Total: ${price}`);
  await page.screenshot({ path: join(import.meta.dirname, "../screenshots/checkout-review.png") });
  await dialog.getByRole("button", { name: "Pagar" }).click();

  // The Pix step: the QR image and the copy-paste code of the charge created on the provider.
  await expect(dialog.getByRole("img", { name: "QR Code Pix" })).toBeVisible();
  await expect.poll(() => fake.payments.length).toBe(1);
  const payment = fake.payments[0]!;
  expect(payment.value).toBe(plan.value);
  await expect(dialog.getByRole("textbox", { name: "Código Pix copia e cola" })).toHaveValue(
    `00020126580014br.gov.bcb.pix-${payment.id}`,
  );
  await dialog.getByRole("button", { name: "Copiar código" }).click();
  await expect(page.getByText("Código copiado!")).toBeVisible();
  await expect(dialog.getByText("Aguardando a confirmação do pagamento…")).toBeVisible();
  await page.screenshot({ path: join(import.meta.dirname, "../screenshots/checkout-pix.png") });

  // Asaas confirms: the webhook renews the company, the page shows the new date and goes to / after 4 s.
  const confirmed = await fake.confirm(payment);
  expect(confirmed.status).toBe(200);
  const renewed = (await (await request.get(`/companies/${company.id}`, { headers: superHeaders })).json()) as {
    dueDate: string;
  };
  expect(new Date(renewed.dueDate).getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
  await expect(
    page.getByText(`Sua licença foi renovada até ${ddmmyyyy(new Date(renewed.dueDate))}!`).first(),
  ).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/`, { timeout: 8_000 });

  // Access is back: the same admin may log in again.
  await apiLogin(request, email, password);
});
