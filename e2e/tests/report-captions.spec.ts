import { expect, test } from "@playwright/test";
import { ACCOUNTS, useSessionOf } from "./helpers";

/**
 * Issue 13 item 15: the reports' totals disagree for the same week because they cover different
 * trips; each total says what it covers, next to it, on every report page and tab.
 */

const SCHEDULED =
  "Solo rutas programadas: viajes finalizados en el rango (por su fin). Incluye viajes sin colaboradores.";
const NOT_SCHEDULED =
  "Solo rutas no programadas: viajes finalizados en el rango (por su fin). Incluye viajes sin colaboradores.";
const BOARDINGS = "Abordajes: un colaborador cuenta una vez por cada viaje que abordó.";
const COLLABORATORS_COST =
  "Incluye rutas no programadas. Solo viajes finalizados que alguien abordó, repartidos entre quienes lo abordaron: no incluye viajes sin colaboradores.";

const PAGES: { url: string; captions: string[] }[] = [
  {
    url: "/reportRoute",
    captions: [SCHEDULED, BOARDINGS, "Filas de ruta y suplidor con viajes finalizados en el rango."],
  },
  {
    url: "/reportRoute?tab=notScheduled",
    captions: [NOT_SCHEDULED, BOARDINGS, "Viajes de rutas no programadas finalizados en el rango."],
  },
  {
    url: "/reportDriver",
    captions: [SCHEDULED, BOARDINGS, "Filas de chofer y suplidor con viajes finalizados en el rango."],
  },
  { url: "/reportDriver?tab=notScheduled", captions: [NOT_SCHEDULED, BOARDINGS] },
  {
    url: "/reportCollaborator",
    captions: [COLLABORATORS_COST, "Colaboradores distintos que abordaron al menos un viaje."],
  },
  {
    url: "/reportCollaborator?tab=branchOffices",
    captions: [
      COLLABORATORS_COST,
      "Colaboradores que abordaron al menos un viaje, en la sucursal que tenían en cada viaje: quien cambió de sucursal cuenta en cada una.",
    ],
  },
  {
    url: "/reportDestinationDELETED",
    captions: [
      "Solo rutas programadas (del destino elegido): viajes finalizados en el rango. Incluye viajes sin colaboradores.",
      BOARDINGS,
    ],
  },
  {
    url: "/reportSavings",
    captions: [
      "Plan fijo menos plan del día, en las fechas, turnos y destinos con plan del día (cifras guardadas al aplicarlo).",
      "kg CO₂: km × el factor de emisión del tipo de vehículo («Factores de emisión»).",
      "Plan fijo menos lo que salió: viajes de esas rutas esa fecha, con sus km medidos y su costo; solo las fechas con viajes.",
    ],
  },
];

for (const { url, captions } of PAGES) {
  test(`the totals of ${url} say what they cover`, async ({ page }) => {
    await useSessionOf(page, ACCOUNTS.admin);
    await page.goto(url);
    const totals = page.getByTestId("report-totals");
    await expect(totals.locator(".ant-statistic-content").first()).not.toHaveText("—");
    for (const caption of captions) {
      await expect(totals.getByText(caption, { exact: true })).toBeVisible();
    }
  });
}
