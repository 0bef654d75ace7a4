import { DOCUMENT_FILE_MESSAGE, DOCUMENT_MAX_BYTES, DOCUMENT_SIZE_MESSAGE } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { documentFileProblem } from "./check-document-file";

describe("documentFileProblem", () => {
  it("takes a PDF, JPG or PNG of at most 10 MB, whatever the case of its extension", () => {
    expect(documentFileProblem({ name: "licencia.pdf", size: 1000 })).toBeNull();
    expect(documentFileProblem({ name: "seguro.JPEG", size: DOCUMENT_MAX_BYTES })).toBeNull();
    expect(documentFileProblem({ name: "foto.png", size: 10 })).toBeNull();
  });

  it("refuses another type and a file over 10 MB with the contract's messages", () => {
    expect(documentFileProblem({ name: "virus.exe", size: 10 })).toBe(DOCUMENT_FILE_MESSAGE);
    expect(documentFileProblem({ name: "licencia.pdf.exe", size: 10 })).toBe(DOCUMENT_FILE_MESSAGE);
    expect(documentFileProblem({ name: "grande.pdf", size: DOCUMENT_MAX_BYTES + 1 })).toBe(
      DOCUMENT_SIZE_MESSAGE,
    );
  });
});
