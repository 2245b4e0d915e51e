/** Texts of the shared field rules (app/shared/schemas/fields.ts): one message per rule. */
export const fields = {
  unsafeText: "El texto contiene caracteres no permitidos",
  textTooLong: "El texto debe tener máximo {max} caracteres",
  phoneInvalid: "El teléfono debe tener 10 dígitos",
  dateInvalid: "La fecha no es válida",
  birthDateInvalid: "La fecha de nacimiento no es válida",
  birthDateFuture: "La fecha de nacimiento no puede ser futura",
  booleanInvalid: "El valor debe ser verdadero o falso (true/false, 1/0, on/off)",
  moneyInvalid: "El monto debe ser una cantidad en pesos con máximo dos decimales",
  moneyTooBig: "El monto no puede pasar de {max}",
  idInvalid: "El identificador debe ser un número entero",
  pageInvalid: "La página debe ser un número entero de 1 en adelante",
  perPageInvalid: "Se pueden pedir de 1 a 100 registros por página",
  urlInvalid: "El enlace debe empezar con https:// o http://",
  // Any rule a schema gave no text of its own (the zod error map in fields.ts).
  required: "Este campo es requerido",
  invalid: "El valor de este campo no es válido",
  invalidOption: "Elija una opción válida",
  tooShort: "El valor es demasiado corto o pequeño (mínimo {min})",
  tooLong: "El valor es demasiado largo o grande (máximo {max})",
} as const;
