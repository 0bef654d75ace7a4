import { API, apiPath } from "@treiber/contract/api-paths";

/** Where a user's profile image is served (null without one); the etag busts caches when it changes. */
export function profileImageUrl(userId: number, etag: string): string;
export function profileImageUrl(userId: number, etag: string | null | undefined): string | null;
export function profileImageUrl(userId: number, etag: string | null | undefined) {
  return etag ? `${apiPath(API.profileImage.get, { userId })}?v=${etag}` : null;
}
