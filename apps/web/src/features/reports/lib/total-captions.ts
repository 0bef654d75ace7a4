/**
 * What each report's totals cover (issue 13 item 15), as the report queries compute them
 * (apps/api/src/modules/reports/report-definitions.ts, trip-scope.ts and modules/cuts): every
 * report counts finished trips by their end in the range; they differ in the kind of route, in
 * trips nobody boarded, and the cut in its frozen trips.
 */
export const TOTAL_CAPTIONS = {
  scheduledCost:
    "Solo rutas programadas: viajes finalizados en el rango (por su fin). Incluye viajes sin colaboradores.",
  notScheduledCost:
    "Solo rutas no programadas: viajes finalizados en el rango (por su fin). Incluye viajes sin colaboradores.",
  destinationCost:
    "Solo rutas programadas (del destino elegido): viajes finalizados en el rango. Incluye viajes sin colaboradores.",
  boardings: "Abordajes: un colaborador cuenta una vez por cada viaje que abordó.",
  routes: "Filas de ruta y suplidor con viajes finalizados en el rango.",
  drivers: "Filas de chofer y suplidor con viajes finalizados en el rango.",
  notScheduledTrips: "Viajes de rutas no programadas finalizados en el rango.",
  collaboratorsCost:
    "Incluye rutas no programadas. Solo viajes finalizados que alguien abordó, repartidos entre quienes lo abordaron: no incluye viajes sin colaboradores.",
  distinctCollaborators: "Colaboradores distintos que abordaron al menos un viaje.",
  branchCollaborators:
    "Colaboradores que abordaron al menos un viaje, en la sucursal que tenían en cada viaje: quien cambió de sucursal cuenta en cada una.",
  branchOffices: "Sucursales con abordajes o cancelaciones en el rango (incluye «Sin sucursal»).",
  cutCost:
    "Solo viajes finalizados y cortados: rutas programadas y no programadas, incluye viajes sin colaboradores, con los montos congelados al generar el corte.",
  cutTrips: "Viajes finalizados y cortados, de rutas programadas y no programadas.",
  suppliers: "Suplidores con viajes en el corte.",
  savingsVehicles: "Vehículos del plan fijo menos los del plan del día, en las fechas con plan del día.",
  savingsKm: "Km del plan fijo menos los del plan del día (cifras guardadas al aplicarlo).",
  savingsCost: "Costo del plan fijo menos el del plan del día, con las tarifas al aplicarlo.",
  savingsCo2: "kg CO₂: km × el factor de emisión del tipo de vehículo («Factores de emisión»).",
  savingsTrips: "Viajes de las rutas de esos planes en su fecha (las que salieron y las liberadas).",
  savingsRanKm: "Km del plan fijo menos los km medidos de esos viajes; solo las fechas con viajes.",
  savingsRanCost:
    "Costo del plan fijo menos el de esos viajes (el que congela el corte); solo las fechas con viajes.",
  savingsRanCo2:
    "CO₂ del plan fijo menos el de esos viajes, con los factores vigentes; solo las fechas con viajes.",
} as const;
