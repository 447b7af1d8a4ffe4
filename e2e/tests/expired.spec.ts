import { apiLogin, DEMO, expect, loginThroughForm, test, unique } from "./support";

test("a company past its due date is refused with the spec's message", async ({ page, request }) => {
  const headers = await apiLogin(request, DEMO.super);
  const plans = (await (await request.get("/plans/all", { headers })).json()) as { id: number }[];
  const email = `late-${unique()}@acme.test`;
  const dueDate = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
  const created = await request.post("/companies", {
    headers,
    data: {
      name: `Late ${unique()}`,
      email,
      planId: plans[0]!.id,
      dueDate: dueDate.toISOString(),
      password: "secret123",
    },
  });
  expect(created.status(), await created.text()).toBe(200);

  await loginThroughForm(page, email, "secret123");
  const day = String(dueDate.getDate()).padStart(2, "0");
  const month = String(dueDate.getMonth() + 1).padStart(2, "0");
  await expect(
    page.getByText(
      `Opss! Sua assinatura venceu em ${day}/${month}/${dueDate.getFullYear()}. Entre em contato com o Suporte para mais informações!`,
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
