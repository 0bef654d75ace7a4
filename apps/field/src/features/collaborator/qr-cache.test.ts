import { createMemoryStorage } from "@treiber/client";
import { describe, expect, it } from "vitest";
import {
  type CachedQr,
  clearCachedQr,
  initials,
  MAX_CACHED_PHOTO_CHARS,
  readCachedQr,
  writeCachedQr,
} from "./qr-cache";

const entry: CachedQr = {
  userId: 7,
  name: "Ana",
  lastname: "Bueno",
  codeEmployee: "E-7",
  codeQr: "qr-7",
  photo: "data:image/png;base64,AAAA",
  savedAt: "2026-11-23T10:00:00.000Z",
};

describe("qr cache", () => {
  it("gives back the saved QR to the same user", () => {
    const storage = createMemoryStorage();
    writeCachedQr(entry, () => storage);
    expect(readCachedQr(7, () => storage)).toEqual(entry);
  });

  it("never shows another user's QR", () => {
    const storage = createMemoryStorage();
    writeCachedQr(entry, () => storage);
    expect(readCachedQr(8, () => storage)).toBeNull();
  });

  it("drops a photo too large to keep but keeps the QR", () => {
    const storage = createMemoryStorage();
    writeCachedQr({ ...entry, photo: "x".repeat(MAX_CACHED_PHOTO_CHARS + 1) }, () => storage);
    expect(readCachedQr(7, () => storage)).toMatchObject({ codeQr: "qr-7", photo: null });
  });

  it("ignores broken data and forgets on clear", () => {
    const storage = createMemoryStorage();
    storage.setItem("TreiberApp.miQr", "{not json");
    expect(readCachedQr(7, () => storage)).toBeNull();
    writeCachedQr(entry, () => storage);
    clearCachedQr(() => storage);
    expect(readCachedQr(7, () => storage)).toBeNull();
  });

  it("builds initials", () => {
    expect(initials("ana", "bueno")).toBe("AB");
    expect(initials(" ", "")).toBe("?");
  });
});
