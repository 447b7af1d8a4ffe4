import { api } from "./client";

/**
 * Type-level tests of the typed client, checked by the web's tsc run and
 * never executed: each @ts-expect-error must meet an error, so the build
 * fails the day the client accepts one of these calls.
 */
export async function callsTheContractRefuses(id: number) {
  // @ts-expect-error /prompts is the web page's path; the API's is /prompt.
  await api.get("/prompts");
  // @ts-expect-error The list of integrations is /queueIntegration, singular.
  await api.get("/queueIntegrations");
  // @ts-expect-error The path exists, not with this method.
  await api.post("/tickets/{id}", { params: { id } });
  // @ts-expect-error A filled-in path is not a route's name: parameters travel in `params`.
  await api.get(`/tickets/${id}`);
  // @ts-expect-error The route's path parameter is missing.
  await api.get("/tickets/{id}");
  // @ts-expect-error A body key the route does not take.
  await api.put("/tickets/{id}", { params: { id }, body: { state: "closed" } });
  // @ts-expect-error A value outside the schema's enum.
  await api.put("/tickets/{id}", { params: { id }, body: { status: "archived" } });
  // @ts-expect-error A required body key is missing.
  await api.post("/auth/login", { body: { email: "ana@example.com" } });
  // @ts-expect-error JSON where the route takes multipart: a file travels in a FormData.
  await api.post("/quick-messages/{id}/media-upload", { params: { id }, body: { file: "photo.png" } });
  // @ts-expect-error A query on a route that takes none.
  await api.get("/whatsapp/{id}", { params: { id }, query: { session: 0 } });
  // @ts-expect-error Only multipart routes report an upload's progress.
  await api.put("/tags/{id}", { params: { id }, body: { name: "x" }, onUploadProgress: () => undefined });
}

/** The answer is typed by the route's response schema. */
export async function answersAreTyped(id: number): Promise<string> {
  const ticket = await api.get("/tickets/{id}", { params: { id } });
  // @ts-expect-error A ticket has no `state`, only a `status`.
  void ticket.state;
  return ticket.uuid;
}
