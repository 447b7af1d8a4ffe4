import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, restoreSession, setUnauthorizedHandler } from "./client";
import { clearSessionHint, setSessionHint } from "./testing";

const sessionAnswer = (token: string) => ({
  token,
  daysUntilDue: null,
  user: {
    id: 7,
    name: "Ana",
    email: "ana@example.com",
    profile: "admin",
    super: false,
    companyId: 3,
    allTicket: "desabled",
    whatsappId: null,
    language: null,
    queues: [],
    company: { id: 3, name: "Acme", dueDate: null, settings: [{ key: "campaignsEnabled", value: "true" }] },
  },
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function headerOf(init: RequestInit | undefined, name: string): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.[name];
}

describe("api client session handling", () => {
  let unauthorized: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem("token", "old");
    localStorage.setItem("companyId", "3");
    localStorage.setItem("userId", "7");
    unauthorized = vi.fn<() => void>();
    setUnauthorizedHandler(unauthorized);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("refreshes once for concurrent 403s and retries every request with the new token", async () => {
    let releaseRefresh: () => void = () => undefined;
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith("/auth/refresh_token")) {
        await refreshGate;
        return json(200, sessionAnswer("new"));
      }
      const auth = headerOf(init, "Authorization");
      if (auth === "Bearer old") return json(403, { error: "ERR_SESSION_EXPIRED" });
      return json(200, { url, auth });
    });
    vi.stubGlobal("fetch", fetchMock);

    const pending = Promise.all([
      api.get("/tickets"),
      api.get("/contacts"),
      api.post("/tags", { body: { name: "x" } }),
    ]);
    // Let all three fail and queue behind the single refresh before it answers.
    await new Promise((resolve) => setTimeout(resolve, 10));
    releaseRefresh();
    const results = (await pending) as unknown as { url: string; auth: string }[];

    const refreshCalls = fetchMock.mock.calls.filter(([input]) => String(input).endsWith("/auth/refresh_token"));
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]?.[1]?.credentials).toBe("include");
    expect(results.map((result) => result.auth)).toEqual(["Bearer new", "Bearer new", "Bearer new"]);
    expect(fetchMock).toHaveBeenCalledTimes(7);
    expect(localStorage.getItem("token")).toBe("new");
    expect(localStorage.getItem("cshow")).toBe("true");
    expect(unauthorized).not.toHaveBeenCalled();

    const retriedPost = fetchMock.mock.calls.filter(([input]) => String(input).endsWith("/tags"));
    expect(retriedPost).toHaveLength(2);
    expect(retriedPost[1]?.[1]?.body).toBe(JSON.stringify({ name: "x" }));
    expect(headerOf(retriedPost[1]?.[1], "Accept")).toBe("application/json");
  });

  it("clears credentials and leaves when the refresh fails", async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).endsWith("/auth/refresh_token")) return json(401, { error: "ERR_INVALID_TOKEN" });
      return json(403, { error: "ERR_SESSION_EXPIRED" });
    });
    vi.stubGlobal("fetch", fetchMock);

    const results = await Promise.allSettled([api.get("/tickets"), api.get("/contacts")]);
    expect(results.every((result) => result.status === "rejected")).toBe(true);
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith("/auth/refresh_token"))).toHaveLength(1);
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("companyId")).toBeNull();
    expect(unauthorized).toHaveBeenCalled();
  });

  it("ends the session on a 401", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(401, { error: "ERR_INVALID_TOKEN" })),
    );
    await expect(api.get("/tickets")).rejects.toMatchObject({ status: 401, code: "ERR_INVALID_TOKEN" });
    expect(localStorage.getItem("token")).toBeNull();
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it("does not refresh for refusals or for anonymous calls", async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).endsWith("/auth/login")) return json(401, { error: "ERR_INVALID_CREDENTIALS" });
      return json(403, { error: "ERR_NO_PERMISSION" });
    });
    vi.stubGlobal("fetch", fetchMock);

    const refused = await api.get("/users").catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe("ERR_NO_PERMISSION");
    await expect(api.post("/auth/login", { body: { email: "a@b.c", password: "x" } })).rejects.toMatchObject({
      status: 401,
      code: "ERR_INVALID_CREDENTIALS",
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(unauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem("token")).toBe("old");
  });

  it("encodes query parameters", async () => {
    const fetchMock = vi.fn(async () => json(200, []));
    vi.stubGlobal("fetch", fetchMock);
    await api.get("/tickets", { query: { searchParam: "a b", pageNumber: 2, status: undefined, queueIds: [1, 2] } });
    expect(String(fetchMock.mock.calls[0]?.[0 as never])).toBe(
      "/tickets?searchParam=a+b&pageNumber=2&queueIds=%5B1%2C2%5D",
    );
  });

  it("fills the path's parameters, encoded", async () => {
    const fetchMock = vi.fn(async () => json(200, { message: "emailSent" }));
    vi.stubGlobal("fetch", fetchMock);
    await api.post("/forgetpassword/{email}", { params: { email: "ana+1@example.com" } });
    await api.get("/messages/{ticketId}", { params: { ticketId: 7 }, query: { pageNumber: 2 } });
    expect(fetchMock.mock.calls.map((call) => String(call[0 as never]))).toEqual([
      "/forgetpassword/ana%2B1%40example.com",
      "/messages/7?pageNumber=2",
    ]);
  });
});

/** Just enough of XMLHttpRequest: it reports two progress steps, then answers `answer`. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  static answer = { status: 200, body: "{}" };
  method = "";
  url = "";
  withCredentials = false;
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = "";
  responseText = "";
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getAllResponseHeaders() {
    return "content-type: application/json; charset=utf-8\r\nx-other: 1\r\n";
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
      this.status = FakeXhr.answer.status;
      this.responseText = FakeXhr.answer.body;
      this.onload?.();
    }, 0);
  }
  abort() {
    this.onabort?.();
  }
}

describe("uploads with progress", () => {
  beforeEach(() => {
    localStorage.setItem("token", "tok");
    FakeXhr.sent = [];
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sends the form through XMLHttpRequest with the token and reports the bytes sent", async () => {
    FakeXhr.answer = { status: 200, body: JSON.stringify({ id: 4, name: "Lista" }) };
    const form = new FormData();
    form.append("id", "9");
    const progress: [number, number][] = [];
    const answer = await api.post("/files/uploadList/{id}", {
      params: { id: 4 },
      body: form,
      onUploadProgress: (sent, total) => progress.push([sent, total]),
    });
    expect(answer).toEqual({ id: 4, name: "Lista" });
    expect(progress).toEqual([
      [40, 100],
      [100, 100],
    ]);
    const [xhr] = FakeXhr.sent;
    expect(xhr).toMatchObject({ method: "POST", url: "/files/uploadList/4", withCredentials: true, body: form });
    expect(xhr?.headers).toEqual({ Accept: "application/json", Authorization: "Bearer tok" });
  });

  it("turns an error answer into an ApiError, like fetch's", async () => {
    FakeXhr.answer = { status: 413, body: JSON.stringify({ error: "ERR_PAYLOAD_TOO_LARGE" }) };
    const failure = api.post("/files/uploadList/{id}", {
      params: { id: 4 },
      body: new FormData(),
      onUploadProgress: () => undefined,
    });
    await expect(failure).rejects.toMatchObject({ status: 413, code: "ERR_PAYLOAD_TOO_LARGE" });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
  });

  it("aborts with the signal", async () => {
    const controller = new AbortController();
    const pending = api.post("/files/uploadList/{id}", {
      params: { id: 4 },
      body: new FormData(),
      signal: controller.signal,
      onUploadProgress: () => undefined,
    });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("restoring the session on a page load", () => {
  beforeEach(() => {
    localStorage.clear();
    clearSessionHint();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSessionHint();
  });

  it("asks nothing when the browser evidently has no session (no stored token, no hint cookie)", async () => {
    const fetchMock = vi.fn(async () => json(401, { error: "ERR_INVALID_TOKEN" }));
    vi.stubGlobal("fetch", fetchMock);
    expect(await restoreSession()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refreshes when the server's hint cookie is there (a session begun outside the page)", async () => {
    setSessionHint();
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => json(200, sessionAnswer("fresh")));
    vi.stubGlobal("fetch", fetchMock);
    expect((await restoreSession())?.token).toBe("fresh");
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/\/auth\/refresh_token$/);
    expect(localStorage.getItem("token")).toBe("fresh");
  });

  it("refreshes when a token is stored (a client on another origin cannot read the hint)", async () => {
    localStorage.setItem("token", "old");
    const fetchMock = vi.fn(async () => json(200, sessionAnswer("fresh")));
    vi.stubGlobal("fetch", fetchMock);
    expect((await restoreSession())?.token).toBe("fresh");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
