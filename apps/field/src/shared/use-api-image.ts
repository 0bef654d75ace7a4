import { API_PREFIX as API_BASE } from "@treiber/contract/api-paths";
import { useEffect, useState } from "react";
import { http } from "./http";

const API_PREFIX = `${API_BASE}/`;

/**
 * An <img> `src` for an image of the API (a rider's photo), which needs the bearer token an <img>
 * cannot send: fetched through the HTTP client and shown from an object URL. Other URLs pass
 * through; undefined while loading or when it cannot be read (the caller shows initials).
 */
export function useApiImage(src: string | null | undefined): string | undefined {
  const fromApi = src?.startsWith(API_PREFIX) ?? false;
  const [objectUrl, setObjectUrl] = useState<string>();
  useEffect(() => {
    if (!src || !fromApi) return;
    let created: string | undefined;
    let cancelled = false;
    http
      .get<Blob>(src, { baseURL: "", responseType: "blob" })
      .then(({ data }) => {
        if (cancelled) return;
        created = URL.createObjectURL(data);
        setObjectUrl(created);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
      setObjectUrl(undefined);
    };
  }, [src, fromApi]);
  if (!src) return undefined;
  return fromApi ? objectUrl : src;
}
