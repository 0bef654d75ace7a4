export const CHUNK_RELOAD_FLAG = "treiber:chunk-reload";

const reloadPage = () => window.location.reload();

/**
 * Loads a code chunk; if it fails (typically a stale deploy), reloads the page once.
 * A sessionStorage flag makes sure a chunk that keeps failing cannot cause a reload loop.
 */
export async function importWithReload<T>(
  load: () => Promise<T>,
  reload: () => void = reloadPage,
): Promise<T> {
  try {
    const module = await load();
    window.sessionStorage.removeItem(CHUNK_RELOAD_FLAG);
    return module;
  } catch (error) {
    if (window.sessionStorage.getItem(CHUNK_RELOAD_FLAG)) throw error;
    window.sessionStorage.setItem(CHUNK_RELOAD_FLAG, "1");
    reload();
    return new Promise<T>(() => {});
  }
}
