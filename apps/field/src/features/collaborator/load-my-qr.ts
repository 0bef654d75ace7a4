import type { EmployeeProfile } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../shared/http";
import type { CachedQr } from "./qr-cache";

function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

/** The photo (an authenticated `/api/v1/ProfileImage/…` URL) as a data URL; null when it cannot be read. */
async function loadPhoto(url: string | null): Promise<string | null> {
  if (!url) return null;
  try {
    const { data } = await http.get<Blob>(url, { baseURL: "", responseType: "blob" });
    return await toDataUrl(data);
  } catch {
    return null;
  }
}

/** GET /api/v1/Employee/Profile (name, employee code, codeQr) and the photo of the signed-in collaborator. */
export async function loadMyQr(userId: number, photoUrl: string | null): Promise<CachedQr> {
  const [{ data: profile }, photo] = await Promise.all([
    http.get<EmployeeProfile>(clientPath(API.employee.profile)),
    loadPhoto(photoUrl),
  ]);
  return {
    userId,
    name: profile.name,
    lastname: profile.lastname,
    codeEmployee: profile.codeEmployee,
    codeQr: profile.codeQr,
    photo,
    savedAt: new Date().toISOString(),
  };
}
