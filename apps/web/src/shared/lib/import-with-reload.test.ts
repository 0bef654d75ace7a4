import { describe, expect, it, vi } from "vitest";
import { CHUNK_RELOAD_FLAG, importWithReload } from "./import-with-reload";

describe("importWithReload", () => {
  it("returns the module and clears the flag", async () => {
    window.sessionStorage.setItem(CHUNK_RELOAD_FLAG, "1");
    await expect(importWithReload(async () => ({ ok: true }))).resolves.toEqual({ ok: true });
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBeNull();
  });

  it("reloads once on a failed chunk, then lets the error through", async () => {
    const reload = vi.fn();
    const failing = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
    void importWithReload(failing, reload);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBe("1");
    await expect(importWithReload(failing, reload)).rejects.toThrow("dynamically imported module");
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
