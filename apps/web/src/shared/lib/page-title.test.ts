import { describe, expect, it } from "vitest";
import { pageTitle } from "./page-title";

describe("pageTitle", () => {
  it("names the page before the brand, whatever the case of the path", () => {
    expect(pageTitle("/")).toBe("Dashboard · Treiber");
    expect(pageTitle("/reportcollaborator")).toBe("Reporte Colaboradores · Treiber");
    expect(pageTitle("/Notifications")).toBe("Notificaciones · Treiber");
    expect(pageTitle("/listRoutes/")).toBe("Rutas en curso · Treiber");
    expect(pageTitle("/shift")).toBe("Turnos · Treiber");
    expect(pageTitle("/booking")).toBe("Reservas · Treiber");
    expect(pageTitle("/reportBooking")).toBe("Reporte Reservas · Treiber");
    expect(pageTitle("/reportSavings")).toBe("Reporte Ahorro · Treiber");
    expect(pageTitle("/documents")).toBe("Documentos · Treiber");
    expect(pageTitle("/compliance")).toBe("Cumplimiento · Treiber");
    expect(pageTitle("/reportSafeArrival")).toBe("Llegadas seguras · Treiber");
  });
  it("names a shared trip by its path's start, whatever its token (issue 38)", () => {
    expect(pageTitle("/seguir/AbC-123_xyz")).toBe("Viaje compartido · Treiber");
    expect(pageTitle("/Seguir/otro")).toBe("Viaje compartido · Treiber");
  });
  it("is the brand alone on an unknown page", () => {
    expect(pageTitle("/nada")).toBe("Treiber");
  });
});
