import { createHash } from "node:crypto";
import type { UserInfoResponse } from "openid-client";
import type { CompanyAccountInput } from "../auth/signup-service.js";

const text = (value: unknown, max: number) =>
  typeof value === "string" ? value.trim().replace(/\s+/g, " ").slice(0, max) : "";

/**
 * The Collaborator a first sign-in with the company account creates (OIDC_AUTO_CREATE): name
 * from `given_name`/`family_name` (or `name`, or the e-mail), code from `employee_number` when the
 * provider sends one, else `SSO-` and 12 hex of the subject (stable for the same person).
 */
export function newAccountFromClaims(
  email: string,
  claims: UserInfoResponse,
  branchOfficeId: number,
): CompanyAccountInput {
  const full = text(claims.name, 160).split(" ").filter(Boolean);
  const name = text(claims.given_name, 80) || full[0] || email.split("@")[0]?.slice(0, 80) || email;
  const lastname = text(claims.family_name, 80) || full.slice(1).join(" ").slice(0, 80);
  const employeeNumber = text(claims.employee_number, 30);
  const codeEmployee =
    employeeNumber ||
    `SSO-${createHash("sha256").update(`${claims.sub}`).digest("hex").slice(0, 12).toUpperCase()}`;
  return { email, name, lastname, codeEmployee, telephone: null, branchOfficeId };
}
