/** What demo collaborators write when they cancel a service or comment on a trip. */
export const CANCEL_REASONS = [
  "Tuve una emergencia familiar",
  "Estoy de vacaciones esta semana",
  "Tengo cita médica en la mañana",
  "Voy en vehículo propio hoy",
  "Estoy trabajando desde casa",
  "Me quedo en otra sucursal por una reunión",
  "Estoy de licencia por enfermedad",
  "Tengo una diligencia personal",
];

export const TRIP_COMMENTS = [
  "El chofer llegó puntual",
  "El aire acondicionado no funcionaba",
  "Excelente servicio, muy cómodo",
  "El autobús llegó 15 minutos tarde",
  "El chofer fue muy amable",
  "Hubo mucho tapón en la Av. 27 de Febrero, pero llegamos bien",
  "La unidad estaba limpia y ordenada",
  "Tomó una ruta distinta a la habitual y tardamos más",
  "Por favor revisar los cinturones de la última fila",
  "Buen servicio, como siempre",
  "La música estaba muy alta",
  "El chofer manejó con mucha prudencia bajo la lluvia",
];
