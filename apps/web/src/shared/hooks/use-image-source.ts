import { useQuery } from "@tanstack/react-query";
import { API_PREFIX as API_BASE } from "@treiber/contract/api-paths";
import { useEffect, useMemo } from "react";
import { http } from "../api/http-client";

const API_PREFIX = `${API_BASE}/`;

/**
 * An image `src` usable in <img>: API images need the bearer token, which an <img> cannot send,
 * so they are fetched through the HTTP client and shown from an object URL. Others pass through.
 */
export function useImageSource(src: string | null | undefined): string | undefined {
  const fromApi = src?.startsWith(API_PREFIX) ?? false;
  const blob = useQuery({
    queryKey: ["image", src],
    enabled: fromApi,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const { data } = await http.get<Blob>((src as string).slice(API_PREFIX.length - 1), {
        responseType: "blob",
      });
      return data;
    },
  });
  const objectUrl = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : undefined), [blob.data]);
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  if (!src) return undefined;
  return fromApi ? objectUrl : src;
}
