/** The demo sign-in accounts, one per role; all share one password. */
export const DEMO_PASSWORD = "Treiber123!";

export type DemoRole = "SuperAdmin" | "Admin" | "Collaborator" | "Driver";
/** The demo accounts' roles: the people's, and the supplier portal's (issue 37). */
export type DemoAccountRole = DemoRole | "Supplier";
export type DemoAccount = {
  readonly email: string;
  readonly role: DemoAccountRole;
  readonly password: string;
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: "superadmin@treiber.app", role: "SuperAdmin", password: DEMO_PASSWORD },
  { email: "admin@treiber.app", role: "Admin", password: DEMO_PASSWORD },
  { email: "colaborador@treiber.app", role: "Collaborator", password: DEMO_PASSWORD },
  { email: "chofer@treiber.app", role: "Driver", password: DEMO_PASSWORD },
  // A user of chofer@treiber.app's supplier: the supplier portal (issue 37).
  { email: "proveedor@treiber.app", role: "Supplier", password: DEMO_PASSWORD },
];
