/** The demo sign-in accounts, one per role; all share one password. */
export const DEMO_PASSWORD = "Treiber123!";

export type DemoRole = "SuperAdmin" | "Admin" | "Collaborator" | "Driver";
export type DemoAccount = { readonly email: string; readonly role: DemoRole; readonly password: string };

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: "superadmin@treiber.app", role: "SuperAdmin", password: DEMO_PASSWORD },
  { email: "admin@treiber.app", role: "Admin", password: DEMO_PASSWORD },
  { email: "colaborador@treiber.app", role: "Collaborator", password: DEMO_PASSWORD },
  { email: "chofer@treiber.app", role: "Driver", password: DEMO_PASSWORD },
];
