import { ERROR_CODES, LANGUAGES } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import i18n from "./index";
import { resources } from "./resources";

function flatten(tree: unknown, prefix = ""): string[] {
  if (typeof tree !== "object" || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => flatten(value, prefix ? `${prefix}.${key}` : key));
}

/** i18next plural forms differ per language (one/other, one/many/other): compare their base key. */
function baseKey(key: string): string {
  return key.replace(/_(zero|one|two|few|many|other)$/, "");
}

describe("locales", () => {
  const keys = Object.fromEntries(LANGUAGES.map((lng) => [lng, new Set(flatten(resources[lng]).map(baseKey))]));

  for (const lng of LANGUAGES) {
    for (const other of LANGUAGES) {
      if (lng === other) continue;
      it(`${lng} has every key of ${other}`, () => {
        const missing = [...keys[other]!].filter((key) => !keys[lng]!.has(key));
        expect(missing).toEqual([]);
      });
    }
  }

  it("translates every error code in every language", () => {
    for (const lng of LANGUAGES) {
      const missing = ERROR_CODES.filter((code) => !keys[lng]!.has(`errors.${code}`));
      expect(missing, lng).toEqual([]);
    }
  });

  it("has no empty texts", () => {
    for (const lng of LANGUAGES) {
      const empty: string[] = [];
      const walk = (tree: unknown, prefix: string) => {
        if (typeof tree === "string") {
          if (!tree.trim()) empty.push(prefix);
          return;
        }
        for (const [key, value] of Object.entries(tree as object)) walk(value, prefix ? `${prefix}.${key}` : key);
      };
      walk(resources[lng], "");
      expect(empty, lng).toEqual([]);
    }
  });

  it("loads each language on demand with exactly the merged translations", async () => {
    await i18n.loadLanguages([...LANGUAGES]);
    for (const lng of LANGUAGES) expect(i18n.getResourceBundle(lng, "translation"), lng).toEqual(resources[lng]);
  });
});
