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
      "Vehículos del plan fijo menos los del plan del día, en las fechas con plan del día.",
      "Km del plan fijo menos los del plan del día (cifras guardadas al aplicarlo).",
      "Costo del plan fijo menos el del plan del día, con las tarifas al aplicarlo.",
      "kg CO₂: km × el factor de emisión del tipo de vehículo («Factores de emisión»).",
      "Viajes de las rutas de esos planes en su fecha (las que salieron y las liberadas).",
      "Km del plan fijo menos los km medidos de esos viajes; solo las fechas con viajes.",
      "Costo del plan fijo menos el de esos viajes (el que congela el corte); solo las fechas con viajes.",
      "CO₂ del plan fijo menos el de esos viajes, con los factores vigentes; solo las fechas con viajes.",
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
