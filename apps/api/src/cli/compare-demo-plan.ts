import { formatKm, formatMinutes, formatNumber, formatPercent } from "@treiber/client/format";
import type { PlanFigures } from "@treiber/contract";
import { openDatabase } from "../db/client.js";
import { planningContext } from "../modules/planning/planning-context.js";
import {
  DEMO_BRANCH_OFFICE_TIME,
  DEMO_PLANNING,
  demoPlanningCases,
  proposeDemoCase,
} from "../seed/plan-demo-shifts.js";
import { seedDemoData } from "../seed/seed-demo-data.js";

/**
 * `npm run plan:demo`: the demo's hand-drawn routes against the planner's (issue 23). Loads the demo
 * into a throwaway in-memory database with its hand-drawn stops, then, for each shift and workplace
 * of the planned branch office, prints both plans' figures under the same travel model (the one the
 * Planificación page shows): vehicles, km, seat fill, longest ride, cost.
 */
// The numbers as the Planificación page writes them (`@treiber/client/format`): «1,234.5 km», «33 %».
const pct = (value: number | null) => (value === null ? "—" : formatPercent(value));
const km = (value: number) => formatKm(value, 1);
const row = (label: string, f: PlanFigures) =>
  `| ${label} | ${f.vehicles} | ${km(f.km)} | ${pct(f.seatFill)} | ${formatMinutes(f.longestRideMinutes)} | ${f.riders} |`;

async function main() {
  const database = await openDatabase({});
  try {
    await database.migrate();
    await seedDemoData(database.db, { plan: false });
    const cases = await demoPlanningCases(database.db);
    const lines = [
      `Demo: ${DEMO_PLANNING.branch}, caminata ≤ ${formatNumber(DEMO_PLANNING.walkRadiusMeters)} m, viaje máximo ${formatMinutes(DEMO_PLANNING.maxRideMinutes)}, ${DEMO_PLANNING.seconds} s de búsqueda por turno y destino.`,
      "Cifras de los dos planes con el mismo modelo de viaje (el de la página Planificación).",
      "",
      "| Turno → destino / plan | Vehículos | km | Ocupación | Viaje más largo | Colaboradores |",
      "|---|---|---|---|---|---|",
    ];
    const totals = { hand: { vehicles: 0, km: 0 }, planned: { vehicles: 0, km: 0 } };
    let ridesOk = true;
    for (const demo of cases) {
      const context = await planningContext(
        database.db,
        { shiftId: demo.shiftId, destinationId: demo.destinationId },
        DEMO_BRANCH_OFFICE_TIME,
      );
      const proposal = await proposeDemoCase(database.db, demo);
      if (lines.length === 5) {
        const c = context.calibration;
        lines.unshift(
          c.calibrated
            ? `Velocidad en movimiento y desvío calibrados con ${c.trips} viajes de la sucursal: ${formatNumber(c.peakSpeedKmh, 1)} km/h en hora pico, ${formatNumber(c.offPeakSpeedKmh, 1)} km/h fuera de ella, desvío ${formatNumber(c.circuity, 2, 2)}.`
            : `Valores por defecto (hay ${c.trips} viajes medidos; se calibra con ${c.minTrips}).`,
        );
      }
      const label = `${demo.shiftName} (${context.shift.direction === "inbound" ? "entrada" : "salida"} ${context.shift.time}) → ${demo.destinationName}`;
      lines.push(row(`${label}: a mano`, context.current.figures));
      lines.push(row(`${label}: planificador`, proposal.figures));
      totals.hand.vehicles += context.current.figures.vehicles;
      totals.hand.km += context.current.figures.km;
      totals.planned.vehicles += proposal.figures.vehicles;
      totals.planned.km += proposal.figures.km;
      if (proposal.figures.longestRideMinutes > proposal.params.maxRideMinutes) ridesOk = false;
      if (proposal.unassigned.length > 0) {
        lines.push(
          `| ${label}: sin asignar | ${proposal.unassigned.map((u) => `${u.name} ${u.lastname} (${u.reason})`).join("; ")} |||||`,
        );
      }
    }
    const saved = totals.hand.km > 0 ? 1 - totals.planned.km / totals.hand.km : 0;
    lines.push(
      "",
      `Total: a mano ${totals.hand.vehicles} vehículos y ${km(totals.hand.km)}; planificador ${totals.planned.vehicles} vehículos y ${km(totals.planned.km)} (${pct(saved)} menos km).`,
      `Viaje máximo respetado para cada colaborador: ${ridesOk ? "sí" : "NO"}.`,
    );
    console.log(lines.join("\n"));
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
