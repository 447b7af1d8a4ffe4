import { ContactListItemForm, LANGUAGES, sheetContactRows } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import i18n from "../../i18n";
import { sampleSheetRows } from "./sampleSpreadsheet";

describe("the sample spreadsheet", () => {
  it.each(LANGUAGES)(
    "in %s, imports as it is: its header names the columns and every row is a valid item",
    async (lng) => {
      await i18n.changeLanguage(lng);
      const table = sampleSheetRows(i18n.t.bind(i18n));
      const rows = sheetContactRows(table);
      expect(rows.length).toBe(table.length - 1);
      for (const row of rows) {
        expect(ContactListItemForm.safeParse(row).success, JSON.stringify(row)).toBe(true);
        expect(row.email).not.toBe("");
      }
      expect(rows[0]?.line).toBe(2);
    },
  );
});
