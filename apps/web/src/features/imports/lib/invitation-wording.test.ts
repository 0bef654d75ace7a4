import { describe, expect, it } from "vitest";
import { heldInvitationsLine, invitationsLine, invitationsOnOf } from "./invitation-wording";

describe("invitation wording (issue 33)", () => {
  it("says before the import whether the invitations leave at once or wait for a day", () => {
    expect(invitationsLine(0, null)).toBe("No se crean cuentas nuevas: no hay invitaciones que enviar.");
    expect(invitationsLine(1, null)).toBe(
      "Se enviará 1 invitación al importar: cada cuenta nueva recibe por correo su contraseña temporal.",
    );
    expect(invitationsLine(314, "15/09/2030")).toBe(
      "No se enviarán invitaciones hasta el 15/09/2030 a las 6:00: las 314 cuentas nuevas quedan creadas sin aviso.",
    );
    expect(invitationsLine(1, "15/09/2030")).toBe(
      "No se enviarán invitaciones hasta el 15/09/2030 a las 6:00: la cuenta nueva queda creada sin aviso.",
    );
    expect(invitationsLine(2, null, true)).toBe(
      "Se envían 2 invitaciones (la contraseña temporal de cada cuenta nueva, por correo).",
    );
  });

  it("sends the day only when the invitations are held", () => {
    expect(invitationsOnOf({ hold: false, on: "09/15/2030" })).toBeNull();
    expect(invitationsOnOf({ hold: true, on: "09/15/2030" })).toBe("09/15/2030");
  });

  it("tells how many wait and until when", () => {
    expect(heldInvitationsLine(1, "15/09/2030", "15/09/2030")).toBe(
      "1 invitación de cuentas importadas espera hasta el 15/09/2030.",
    );
    expect(heldInvitationsLine(3, "15/09/2030", "20/09/2030")).toBe(
      "3 invitaciones de cuentas importadas esperan su fecha, del 15/09/2030 al 20/09/2030.",
    );
  });
});
