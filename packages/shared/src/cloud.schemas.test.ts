import { describe, expect, it } from "vitest";
import { renderTemplate, templateVariableCount } from "./cloud.schemas.js";

describe("renderTemplate", () => {
  it("fills each {{n}} with the n-th value", () => {
    expect(renderTemplate("Olá {{1}}, seu pedido {{2}} saiu. {{1}}, obrigado!", ["Ana", "#12"])).toBe(
      "Olá Ana, seu pedido #12 saiu. Ana, obrigado!",
    );
  });

  it("keeps the placeholder of a value missing or blank (a preview still being filled)", () => {
    expect(renderTemplate("Olá {{1}} sobre {{2}}", ["", "  "])).toBe("Olá {{1}} sobre {{2}}");
    expect(renderTemplate("Olá {{1}} sobre {{2}}", ["Ana"])).toBe("Olá Ana sobre {{2}}");
  });
});

describe("templateVariableCount", () => {
  it("counts up to the highest placeholder", () => {
    expect(templateVariableCount("Bem-vindo!")).toBe(0);
    expect(templateVariableCount("{{2}} e {{1}} e {{2}}")).toBe(2);
  });
});
