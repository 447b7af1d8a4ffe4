import { describe, expect, it } from "vitest";
import { RemoteHttpError } from "./ai-logic.js";
import { speechEndpoint, synthesize } from "./azure-speech.js";

const config = { AZURE_SPEECH_BASE_URL: undefined, OPENAI_TIMEOUT_MS: 1000 };

describe("Azure speech endpoint", () => {
  it("is the region's host, or the configured base with {region} filled", () => {
    expect(speechEndpoint(config, "brazilsouth")).toBe(
      "https://brazilsouth.tts.speech.microsoft.com/cognitiveservices/v1",
    );
    expect(speechEndpoint({ ...config, AZURE_SPEECH_BASE_URL: "http://127.0.0.1:9/azure/{region}/" }, "eastus")).toBe(
      "http://127.0.0.1:9/azure/eastus/cognitiveservices/v1",
    );
  });

  it("refuses a region that is not a region name before any request", async () => {
    for (const region of ["evil.example#", "a/b", "x y", ""]) {
      await expect(synthesize(config, { name: "pt-BR-FranciscaNeural", key: "k", region }, "Oi")).rejects.toEqual(
        new RemoteHttpError(400),
      );
    }
  });
});
