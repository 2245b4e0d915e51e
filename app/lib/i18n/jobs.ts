/** Back office: background jobs (the failed-jobs page and its API answers). */
export const jobs = {
  title: "Tareas fallidas",
  subtitle:
    "Tareas en segundo plano (envío de correo, limpieza programada…) que agotaron sus reintentos. Puede volver a intentar una.",
  name: "Tarea",
  error: "Error",
  attempts: "Intentos",
  data: "Datos",
  createdAt: "Creada",
  failedAt: "Falló",
  retry: "Reintentar",
  retryConfirm: "¿Volver a intentar esta tarea?",
  retried: "La tarea volvió a la fila: se intentará en unos segundos.",
  notFound: "La tarea no existe o ya no está fallida",
  empty: "No hay tareas fallidas.",
} as const;
