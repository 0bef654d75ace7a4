import {
  type ComponentType,
  type CSSProperties,
  lazy,
  type Ref,
  Suspense,
  useEffect,
  useRef,
  useState,
} from "react";
import { importWithReload } from "../lib/import-with-reload";

function MapPlaceholder({ height, ref }: { height: CSSProperties["height"]; ref?: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={ref}
      className="map-placeholder"
      style={{ height, background: "#f0f2f0", borderRadius: 8 }}
      aria-busy="true"
      data-testid="map-loading"
    />
  );
}

/**
 * Whether the element has been on screen: a map inside a closed modal (rendered ahead, hidden)
 * is not, so its code waits until the modal opens. Without IntersectionObserver: at once.
 */
function useShownOnce() {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (shown || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setShown(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  return { ref, shown };
}

/**
 * A map component loaded when it first shows on screen (Leaflet is ~50 KB gzip): pages load map
 * code only when a map is opened (a form's picker, a trip's detail), not with the list
 * (decision 0029). Until then a box of the map's height keeps the layout still. Import this
 * file directly: the `shared/map` index loads Leaflet.
 */
export function lazyMap<P extends { height?: CSSProperties["height"] }>(
  load: () => Promise<ComponentType<P>>,
  defaultHeight: CSSProperties["height"] = 400,
) {
  const Loaded = lazy(async () => ({ default: await importWithReload(load) }));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per map, at module level
  return function LazyMap(props: P) {
    const { ref, shown } = useShownOnce();
    const height = props.height ?? defaultHeight;
    if (!shown) return <MapPlaceholder ref={ref} height={height} />;
    return (
      <Suspense fallback={<MapPlaceholder height={height} />}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

/** LocationPickerMap, loaded when first shown. */
export const LazyLocationPickerMap = lazyMap(() =>
  import("./location-picker-map").then((module) => module.LocationPickerMap),
);
