import { type ComponentType, type CSSProperties, lazy, Suspense } from "react";
import { importWithReload } from "../lib/import-with-reload";

/**
 * A map component loaded on first render (Leaflet is ~50 KB gzip): pages show it only when a map
 * is opened (a form's picker, a trip's detail), so their own chunk has no Leaflet (decision 0029).
 * Until it arrives, a box of the map's height keeps the layout still. Import this file directly:
 * the `shared/map` index loads Leaflet.
 */
export function lazyMap<P extends { height?: CSSProperties["height"] }>(
  load: () => Promise<ComponentType<P>>,
  defaultHeight: CSSProperties["height"] = 400,
) {
  const Loaded = lazy(async () => ({ default: await importWithReload(load) }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per map, at module level
  return function LazyMap(props: P) {
    return (
      <Suspense
        fallback={
          <div
            className="map-placeholder"
            style={{ height: props.height ?? defaultHeight, background: "#f0f2f0", borderRadius: 8 }}
            aria-busy="true"
            data-testid="map-loading"
          />
        }
      >
        <Loaded {...props} />
      </Suspense>
    );
  };
}

/** LocationPickerMap, loaded when first drawn. */
export const LazyLocationPickerMap = lazyMap(() =>
  import("./location-picker-map").then((module) => module.LocationPickerMap),
);
