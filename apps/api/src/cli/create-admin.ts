import { parseArgs } from "node:util";
import { emailSchema, passwordSchema } from "@treiber/contract";
import { openConfiguredDatabase } from "../bootstrap.js";
import { ConfigError, loadConfig } from "../config.js";
import { createSuperAdmin } from "../modules/auth/create-super-admin.js";

/** `npm run create-admin -- --email a@b.do --password 'Secreta123' [--name Ana --lastname Pérez]` */
async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string", default: process.env.SUPERADMIN_EMAIL },
      password: { type: "string", default: process.env.SUPERADMIN_PASSWORD },
      name: { type: "string" },
      lastname: { type: "string" },
    },
  });
  const email = emailSchema.safeParse(values.email);
  const password = passwordSchema.safeParse(values.password);
  if (!email.success || !password.success) {
    console.error(
      [
        "Uso: npm run create-admin -- --email correo@empresa.do --password 'Contraseña123' [--name Nombre --lastname Apellido]",
        ...(email.success ? [] : [`  --email: ${email.error.issues[0]?.message}`]),
        ...(password.success ? [] : [`  --password: ${password.error.issues[0]?.message}`]),
      ].join("\n"),
    );
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const created = await createSuperAdmin(database.db, {
    email: email.data,
    password: password.data,
    name: values.name,
    lastname: values.lastname,
  });
  await database.close();
  console.log(
    created ? `SuperAdmin creado: ${email.data}` : `Ya existe un usuario con el correo ${email.data}`,
  );
  process.exit(created ? 0 : 1);
}

main().catch((error) => {
  console.error(
    error instanceof ConfigError ? error.message : `Error: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
});
