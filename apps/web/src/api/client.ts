import { type ErrorBody, type HttpMethod, isErrorCode, type SessionAnswer, TOAST_DURATION_MS } from "@atendo/shared";
import { toast } from "react-toastify";
import i18n from "../i18n";
import { clearCredentials, getToken, mayHaveSession, storeSession } from "./credentials";
import type { Answer, CallArgs, PathOf, QueryValue, RouteOf } from "./routes";

/** Same origin by default; VITE_BACKEND_URL points the client at a server hosted elsewhere. */
export const BACKEND_URL: string = (import.meta.env.VITE_BACKEND_URL ?? "").replace(/\/$/, "");

/** A failed call: `code` is the answer's `error` field (an ERR_* code) when there is one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;

  constructor(status: number, body: unknown, fallbackMessage?: string) {
    const parsed = (body && typeof body === "object" ? body : {}) as Partial<ErrorBody>;
    const code = typeof parsed.error === "string" ? parsed.error : undefined;
    super(parsed.message ?? code ?? fallbackMessage ?? `HTTP ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.body = body;
  }

  /** The `data` object of the error answer (for example the due date of ERR_SUBSCRIPTION_EXPIRED). */
  get data(): Record<string, unknown> | undefined {
    const body = this.body as Partial<ErrorBody> | undefined;
    return body && typeof body === "object" ? body.data : undefined;
  }
}

/**
 * Calls that never go through the session logic: they are anonymous or are the
 * session calls themselves, so a 401 there is an answer (wrong password), not a lost session.
 */
const SESSION_FREE_PATHS = [
  "/auth/login",
  "/auth/refresh_token",
  "/auth/logout",
  "/companies/cadastro",
  "/forgetpassword",
  "/resetpasswords",
  "/plans/list",
];

/** 403 codes that are refusals, not an expired session: refreshing would not change them. */
const REFUSAL_CODES = new Set([
  "ERR_NO_PERMISSION",
  "ERR_USER_CREATION_DISABLED",
  "ERR_PLAN_USERS_LIMIT",
  "ERR_PLAN_QUEUES_LIMIT",
]);

type SessionListener = (answer: SessionAnswer) => void;
const sessionListeners = new Set<SessionListener>();

/** Called with every new session the client obtains (login excluded), so the app can update its user. */
export function onSessionRefreshed(listener: SessionListener): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

let unauthorizedHandler: () => void = () => {
  if (window.location.pathname !== "/login") window.location.assign("/login");
};

/** The app replaces the default hard redirect with a router navigation. */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      // The spec's list filters (queueIds, tags, users) travel as JSON arrays.
      search.set(key, JSON.stringify(value));
    } else search.set(key, String(value));
  }
  const text = search.toString();
  return `${BACKEND_URL}${path}${text ? `?${text}` : ""}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

interface RawRequest {
  method: HttpMethod;
  /** With its parameters filled in. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Reports the upload of a multipart body as it goes. */
  onUploadProgress?: UploadProgress;
}

/** Bytes of the request body sent so far, of its total. */
export type UploadProgress = (sent: number, total: number) => void;

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * fetch cannot report an upload's progress, so a call that wants it goes through
 * XMLHttpRequest and answers a Response as fetch would: the session handling stays one path.
 */
function sendWithProgress(url: string, init: RequestInit, onProgress: UploadProgress): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? "GET", url);
    xhr.withCredentials = init.credentials === "include";
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      // A Response refuses a body on these statuses.
      const body = [204, 205, 304].includes(xhr.status) ? null : xhr.responseText;
      resolve(
        new Response(body, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: responseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError("Network request failed"));
    xhr.onabort = () => reject(new DOMException("The upload was aborted.", "AbortError"));
    if (init.signal?.aborted) {
      reject(new DOMException("The upload was aborted.", "AbortError"));
      return;
    }
    init.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

async function send(request: RawRequest, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(request.body);
  }
  const url = buildUrl(request.path, request.query);
  const init: RequestInit = { method: request.method, headers, body, credentials: "include", signal: request.signal };
  return request.onUploadProgress ? sendWithProgress(url, init, request.onUploadProgress) : fetch(url, init);
}

let refreshing: Promise<SessionAnswer> | null = null;

/**
 * Trades the httpOnly refresh cookie for a new access token. Concurrent callers
 * share one request. Throws when there is no valid session.
 */
export function refreshSession(): Promise<SessionAnswer> {
  if (!refreshing) {
    refreshing = (async () => {
      const response = await send({ method: "POST", path: "/auth/refresh_token" }, null);
      const body = await readBody(response);
      if (!response.ok) throw new ApiError(response.status, body);
      const answer = body as SessionAnswer;
      storeSession(answer);
      for (const listener of sessionListeners) listener(answer);
      return answer;
    })().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

/**
 * The session a page load starts with: refreshed from the cookie when this browser may have one,
 * null without asking when it evidently has none (a first visit, after a logout), so the public
 * pages make no request that can only answer 401.
 */
export async function restoreSession(): Promise<SessionAnswer | null> {
  if (!mayHaveSession()) return null;
  return refreshSession();
}

function endSession(): void {
  clearCredentials();
  unauthorizedHandler();
}

function isSessionFree(path: string): boolean {
  return SESSION_FREE_PATHS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

async function request<T>(raw: RawRequest): Promise<T> {
  const sessionFree = isSessionFree(raw.path);
  const usedToken = getToken();
  let response = await send(raw, usedToken);
  let body = await readBody(response);

  if (!sessionFree && response.status === 403) {
    const code = (body as Partial<ErrorBody> | undefined)?.error;
    if (!code || !REFUSAL_CODES.has(code)) {
      const current = getToken();
      // Another request may already have renewed the token while this one was in flight.
      if (!current || current === usedToken) {
        try {
          await refreshSession();
        } catch {
          endSession();
          throw new ApiError(response.status, body);
        }
      }
      response = await send(raw, getToken());
      body = await readBody(response);
    }
  }

  if (!sessionFree && response.status === 401) {
    endSession();
  }
  if (!response.ok) throw new ApiError(response.status, body, response.statusText);
  return body as T;
}

/** The options of any route, as the typed methods below have checked them. */
interface LooseOptions {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  onUploadProgress?: UploadProgress;
}

/** `/tickets/{id}` with `{ id: 7 }` is `/tickets/7`. */
function fillPath(path: string, params: LooseOptions["params"]): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

function call<T>(method: HttpMethod, path: string, options: unknown): Promise<T> {
  const { params, query, body, signal, onUploadProgress } = (options ?? {}) as LooseOptions;
  return request<T>({ method, path: fillPath(path, params), query, body, signal, onUploadProgress });
}

/**
 * The API, typed by the shared route contract: a path the server does not
 * have, or parameters, query or body of the wrong shape, do not compile.
 *
 *     api.get("/tickets/{id}", { params: { id }, signal })
 *     api.put("/tickets/{id}", { params: { id }, body: { status: "closed" } })
 */
export const api = {
  get<P extends PathOf<"GET">>(path: P, ...[options]: CallArgs<RouteOf<"GET", P>>) {
    return call<Answer<RouteOf<"GET", P>>>("GET", path, options);
  },
  post<P extends PathOf<"POST">>(path: P, ...[options]: CallArgs<RouteOf<"POST", P>>) {
    return call<Answer<RouteOf<"POST", P>>>("POST", path, options);
  },
  put<P extends PathOf<"PUT">>(path: P, ...[options]: CallArgs<RouteOf<"PUT", P>>) {
    return call<Answer<RouteOf<"PUT", P>>>("PUT", path, options);
  },
  delete<P extends PathOf<"DELETE">>(path: P, ...[options]: CallArgs<RouteOf<"DELETE", P>>) {
    return call<Answer<RouteOf<"DELETE", P>>>("DELETE", path, options);
  },
};

/** The translated text of an ERR_* code the server stored or answered, when the client knows it. */
export function errorCodeText(code: string | null | undefined): string | undefined {
  return code && isErrorCode(code) && i18n.exists(`errors.${code}`) ? i18n.t(`errors.${code}`) : undefined;
}

/** The translated text of an error: errors.ERR_* when known, else the raw message. */
export function errorMessage(err: unknown): string | undefined {
  if (err instanceof ApiError) {
    const known = errorCodeText(err.code);
    if (known) return known;
    const raw = (err.body as Partial<ErrorBody> | undefined)?.message;
    if (typeof raw === "string" && raw) return raw;
    if (typeof err.body === "string" && err.body && err.body.length < 300) return err.body;
    return err.code ?? err.message;
  }
  if (err instanceof Error) {
    if (err.name === "AbortError") return undefined;
    if (err instanceof TypeError) return i18n.t("errors.network");
    return err.message;
  }
  if (typeof err === "string") return err;
  return undefined;
}

/** Shows an error as a toast (document 1 section 8); with nothing to show, only logs it. */
export function toastError(err: unknown): void {
  const message = errorMessage(err);
  if (!message) {
    console.error(err);
    return;
  }
  const toastId = err instanceof ApiError && err.code ? err.code : message;
  toast.error(message, { toastId, autoClose: TOAST_DURATION_MS });
}
