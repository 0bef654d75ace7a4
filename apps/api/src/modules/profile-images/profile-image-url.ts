/** Where a user's profile image is served (null without one); the etag busts caches when it changes. */
export function profileImageUrl(userId: number, etag: string): string;
export function profileImageUrl(userId: number, etag: string | null | undefined): string | null;
export function profileImageUrl(userId: number, etag: string | null | undefined) {
  return etag ? `/api/v1/ProfileImage/${userId}?v=${etag}` : null;
}
