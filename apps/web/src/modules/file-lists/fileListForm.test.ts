import type { FileList } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import {
  FileListDialogForm,
  formValues,
  newEntry,
  overallProgress,
  requestBody,
  withSavedEntries,
} from "./fileListForm";

const option = (id: number, name: string, path = "") => ({
  id,
  name,
  path,
  mediaType: path ? "image/png" : "",
  mediaName: path ? `${name}.png` : "",
});
const list = (options: FileList["options"]): FileList => ({
  id: 7,
  name: "Catálogo",
  message: "Detalhes",
  options,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});
const png = (name: string) => new File([new Uint8Array(10)], name, { type: "image/png" });

describe("the file list dialog's form", () => {
  it("follows the spec's rules: name of 3+, message required, a file for every entry", () => {
    const result = FileListDialogForm.safeParse({
      name: "ab",
      message: " ",
      options: [{ name: "", path: "", mediaName: "", mediaType: "" }, newEntry(png("a.png"))],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["name", "tooShort"],
      ["message", "required"],
      ["options.0.file", "fileRequired"],
    ]);
    const stored = formValues(list([option(1, "a", "/public/company1/a.png")]));
    expect(FileListDialogForm.safeParse(stored).success).toBe(true);
  });

  it("sends kept entries with their id and new ones without", () => {
    const values = formValues(list([option(1, "um", "/public/x.png")]));
    values.options.push({ ...newEntry(png("b.png")), name: "  dois " });
    expect(requestBody(values)).toEqual({
      name: "Catálogo",
      message: "Detalhes",
      options: [{ id: 1, name: "um" }, { name: "  dois " }],
    });
  });

  it("gives new entries the ids the server created, in order, keeping the chosen files", () => {
    const b = png("b.png");
    const c = png("c.png");
    const entries = [
      { ...newEntry(b), name: "b" },
      formValues(list([option(3, "kept", "/public/k.png")])).options[0]!,
      { ...newEntry(c), name: "c" },
    ];
    const saved = list([option(3, "kept", "/public/k.png"), option(8, "b"), option(9, "c")]);
    expect(withSavedEntries(entries, saved)).toEqual([
      { optionId: 8, name: "b", path: "", mediaName: "", mediaType: "", file: b },
      {
        optionId: 3,
        name: "kept",
        path: "/public/k.png",
        mediaName: "kept.png",
        mediaType: "image/png",
        file: undefined,
      },
      { optionId: 9, name: "c", path: "", mediaName: "", mediaType: "", file: c },
    ]);
    expect(() => withSavedEntries([newEntry(b)], list([]))).toThrow();
  });

  it("weighs the upload's progress by file size", () => {
    expect(overallProgress([100, 300], 0, 0.5)).toBe(13);
    expect(overallProgress([100, 300], 1, 0)).toBe(25);
    expect(overallProgress([100, 300], 1, 1)).toBe(100);
    expect(overallProgress([], 0, 0)).toBe(100);
  });
});
