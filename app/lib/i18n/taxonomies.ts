/** Texts of Nucleo Home's taxonomies in the back office (/admin/on-demand/difficulties|durations|equipments|types). */
export const taxonomies = {
  common: {
    name: "Nombre",
    sortOrder: "Orden",
    sortOrderInvalid: "El orden debe ser un número entero de 0 a 9999",
    nameTaken: "Ya existe un registro con ese nombre",
  },
  difficulties: {
    one: "dificultad",
    many: "Dificultades",
    subtitle: "Niveles de dificultad con que la biblioteca de Nucleo Home filtra los videos.",
  },
  durations: {
    one: "duración",
    many: "Duraciones",
    subtitle: "Rangos de duración del filtro de la biblioteca (por ejemplo, de 15 a 30 minutos).",
    min: "Desde (minutos)",
    max: "Hasta (minutos)",
    maxHelp: "Vacío: sin límite.",
    minInvalid: "Los minutos deben ser un número entero de 0 a 600",
    maxInvalid: "El límite debe ser mayor que el inicio del rango",
    range: "Rango",
    noLimit: "sin límite",
  },
  equipments: {
    one: "equipo",
    many: "Equipo",
    subtitle: "Equipo que un video pide (pelota, liga, tapete…).",
  },
  types: {
    one: "tipo",
    many: "Tipos",
    subtitle: "Tipos de clase de los videos (Barre, Sculpt, Stretch…).",
    description: "Descripción",
  },
} as const;
