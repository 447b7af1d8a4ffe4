import { afterEach, describe, expect, it } from "vitest";
import { answerKeysOf } from "./flowDocument";
import { readVariables, storeVariables, variablesOf, withVariable, withVariableRenamed } from "./variables";

const question = (answerKey: string) => ({
  type: "question",
  data: { typebotIntegration: { message: "?", answerKey } },
});

describe("the variables list", () => {
  afterEach(() => localStorage.clear());

  it("is rebuilt from the question nodes, each key once, in the flow's order", () => {
    const nodes = [
      question("nome"),
      { type: "message", data: { label: "Olá {{nome}}" } },
      question("email"),
      question("nome"),
    ];
    expect(variablesOf(answerKeysOf(nodes))).toEqual(["nome", "email"]);
    expect(variablesOf([])).toEqual([]);
  });

  it("adds a created question's key last, removing a duplicate first", () => {
    expect(withVariable(["nome", "email"], "nome")).toEqual(["email", "nome"]);
    expect(withVariable([], "cpf")).toEqual(["cpf"]);
  });

  it("swaps an edited question's old key for the new one in place", () => {
    expect(withVariableRenamed(["nome", "email", "cpf"], "email", "telefone")).toEqual(["nome", "telefone", "cpf"]);
    // Renamed to a key another question already has: listed once.
    expect(withVariableRenamed(["nome", "email"], "email", "nome")).toEqual(["nome"]);
    // The old key was not listed (the list was cleared meanwhile): the new one is added.
    expect(withVariableRenamed(["nome"], "email", "cpf")).toEqual(["nome", "cpf"]);
  });

  it("lives in local storage under `variables`, and reads as empty when unusable", () => {
    storeVariables(["nome", "email"]);
    expect(localStorage.getItem("variables")).toBe('["nome","email"]');
    expect(readVariables()).toEqual(["nome", "email"]);
    localStorage.setItem("variables", "{not json");
    expect(readVariables()).toEqual([]);
    localStorage.setItem("variables", '["ok", 3, null]');
    expect(readVariables()).toEqual(["ok"]);
  });
});
