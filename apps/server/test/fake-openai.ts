import { type FakeAnswer, jsonAnswer, startFakeServer } from "./fake-server.js";

/** A chat completion request as the fake received it. */
export interface ChatCall {
  authorization: string | undefined;
  body: {
    model: string;
    temperature?: number;
    max_tokens?: number;
    messages: { role: string; content: string }[];
  };
}

/** An audio transcription request: its key and the multipart body as text (model and file are in it). */
export interface TranscriptionCall {
  authorization: string | undefined;
  contentType: string | undefined;
  body: Buffer;
}

/** A text-to-speech request as Azure speech would receive it. */
export interface SpeechCall {
  path: string;
  key: string | undefined;
  contentType: string | undefined;
  outputFormat: string | undefined;
  ssml: string;
}

/** How the fake answers one chat call: a reply, an HTTP error of OpenAI's shape, or no answer in time. */
export type ChatBehaviour =
  | { reply: string }
  | { status: number; code: string; type?: string; message: string }
  | { delayMs: number; reply: string };

export interface FakeAiServices {
  /** The OpenAI base URL (…/v1), for OPENAI_BASE_URL. */
  openAiUrl: string;
  /** Azure speech's base with {region}, for AZURE_SPEECH_BASE_URL. */
  speechUrl: string;
  chats: ChatCall[];
  transcriptions: TranscriptionCall[];
  speeches: SpeechCall[];
  /** What the chat endpoint answers; by default "Resposta para: {last user message}". */
  answerChat(behaviour: (call: ChatCall) => ChatBehaviour): void;
  /** What the transcription endpoint answers. */
  transcribeAs(text: string): void;
  /** Azure speech answers this status instead of audio (null: audio again). */
  failSpeech(status: number | null): void;
  close(): Promise<void>;
}

/** An Ogg Opus page header: what file-type and WhatsApp take for a voice note. */
export const OGG_OPUS = Buffer.concat([
  Buffer.from("OggS\0\x02", "latin1"),
  Buffer.alloc(22),
  Buffer.from("OpusHead\x01\x01"),
  Buffer.alloc(64),
]);

/** OpenAI's answers carry a request id, which its client reads. */
function json(status: number, body: unknown): FakeAnswer {
  return jsonAnswer(status, body, { "content-type": "application/json", "x-request-id": `req_${Date.now()}` });
}

/** OpenAI's error body (https://platform.openai.com/docs/guides/error-codes). */
function openAiError(code: string, type: string, message: string) {
  return { error: { message, type, param: null, code } };
}

function completion(model: string, content: string) {
  return {
    id: `chatcmpl-${Date.now()}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content, refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: "stop",
      },
    ],
    usage: { prompt_tokens: 42, completion_tokens: 7, total_tokens: 49 },
    system_fingerprint: "fp_fake",
  };
}

/**
 * One local HTTP server speaking the parts of the OpenAI API (chat completions, audio
 * transcriptions, with OpenAI's JSON and error bodies) and of Azure speech's text-to-speech
 * REST API (SSML in, Ogg Opus out) that the AI runtime calls. On a free port unless given one
 * (the e2e server is configured with a fixed OPENAI_BASE_URL).
 */
export async function startFakeAiServices(port = 0): Promise<FakeAiServices> {
  const chats: ChatCall[] = [];
  const transcriptions: TranscriptionCall[] = [];
  const speeches: SpeechCall[] = [];
  let chatBehaviour = (call: ChatCall): ChatBehaviour => ({
    reply: `Resposta para: ${call.body.messages.at(-1)?.content ?? ""}`,
  });
  let transcription = "";
  let speechStatus: number | null = null;

  const server = await startFakeServer(async (request): Promise<FakeAnswer> => {
    const { method, headers, raw } = request;
    // The path with its query, as OpenAI and Azure's routes are matched.
    const path = request.path + request.search;
    if (method === "POST" && path === "/v1/chat/completions") {
      const call: ChatCall = { authorization: headers.authorization, body: JSON.parse(request.text) };
      chats.push(call);
      const behaviour = chatBehaviour(call);
      if ("status" in behaviour)
        return json(
          behaviour.status,
          openAiError(behaviour.code, behaviour.type ?? "invalid_request_error", behaviour.message),
        );
      if ("delayMs" in behaviour) await new Promise((resolve) => setTimeout(resolve, behaviour.delayMs));
      return json(200, completion(call.body.model, behaviour.reply));
    }
    if (method === "POST" && path === "/v1/audio/transcriptions") {
      transcriptions.push({ authorization: headers.authorization, contentType: headers["content-type"], body: raw });
      return json(200, { text: transcription, usage: { type: "duration", seconds: 2 } });
    }
    const speech = /^\/azure\/([^/]+)\/cognitiveservices\/v1$/.exec(path);
    if (method === "POST" && speech) {
      const header = (name: string) => headers[name] as string | undefined;
      speeches.push({
        path,
        key: header("ocp-apim-subscription-key"),
        contentType: header("content-type"),
        outputFormat: header("x-microsoft-outputformat"),
        ssml: request.text,
      });
      if (speechStatus !== null) return { status: speechStatus };
      return { status: 200, body: OGG_OPUS, headers: { "content-type": "audio/ogg" } };
    }
    return json(404, openAiError("unknown_url", "invalid_request_error", `Unknown request URL: ${path}`));
  }, port);
  return {
    openAiUrl: `${server.url}/v1`,
    speechUrl: `${server.url}/azure/{region}`,
    chats,
    transcriptions,
    speeches,
    answerChat(behaviour) {
      chatBehaviour = behaviour;
    },
    transcribeAs(text) {
      transcription = text;
    },
    failSpeech(status) {
      speechStatus = status;
    },
    close: server.close,
  };
}
