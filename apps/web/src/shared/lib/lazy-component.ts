import type { ComponentType } from "react";
import { importWithReload } from "./import-with-reload";

/** A route `lazy` function loading one named component export in its own chunk. */
export function lazyComponent<K extends string>(load: () => Promise<{ [P in K]: ComponentType }>, name: K) {
  return async () => {
    const module = await importWithReload(load);
    return { Component: module[name] };
  };
}
