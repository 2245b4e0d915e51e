/**
 * The es-MX message catalogue: every text a user reads that is not content from the database.
 * Validation and error texts of the spec (§5, §8) are kept here word for word.
 */
export const messages = {
  app: {
    name: "Nucleo Barre",
    tagline: "Barre, fuerza y comunidad",
    notFound: "This page could not be found",
    error: "Error",
    backHome: "Volver al inicio",
    loading: "Cargando...",
  },
  validation: {
    emailRequired: "El email es requerido",
    emailInvalid: "El email debe ser valido",
    passwordRequired: "La contraseña es requerida",
    passwordMin: "La contraseña debe tener minimo 6 caracteres",
    nameRequired: "El nombre es requerido",
    lastNameRequired: "El apellido es requerido",
    confirmPasswordRequired: "La confirmación de contraseña es requerida",
    passwordsMustMatch: "Las contraseñas deben coincidir",
    termsLabel: "Acepto los Términos y Condiciones",
    termsRequired: "Debe aceptar los Términos y Condiciones",
    addressAlias: "El Alias de la dirección es requerido",
    addressLine1: "La dirección es requerida",
    addressCountry: "El país es requerido",
    addressState: "El estado es requerido",
    addressCity: "La ciudad es requerida",
    zipRequired: "El código postal es requerido",
    zipNumeric: "El código postal debe ser numérico",
    zipLength: "El código postal debe tener 5 caracteres",
    idNumeric: "El identificador debe ser un número entero",
  },
  errors: {
    connection: "Error de conexión",
    validation: "Los datos enviados no son válidos",
    unauthenticated: "Debe iniciar sesión para continuar",
    tokenExpired: "Token has expired",
    forbidden: "No tiene permiso para realizar esta acción",
    notFound: "No se encontró el recurso solicitado",
    routeNotFound: "La ruta solicitada no existe",
    methodNotAllowed: "Método no permitido",
    tooManyRequests: "Demasiados intentos. Espere unos minutos e intente de nuevo.",
    invalidJson: "El cuerpo de la petición no es JSON válido",
    unsupportedMediaType: "Tipo de contenido no soportado. Use application/json o application/x-www-form-urlencoded",
    bodyTooLarge: "El cuerpo de la petición es demasiado grande",
    csrf: "La sesión del formulario expiró. Recargue la página e intente de nuevo.",
    internal: "Ocurrió un error inesperado. Intente de nuevo más tarde.",
    unknownMiddleware: "Unknown middleware",
    cityNotFound: "La ciudad no existe",
    studioNotFound: "El estudio no existe",
    cartOnlyCustomers: "Solo los clientes pueden utilizar el carrito",
    paymentDeclined: "Tarjeta declinada",
    paymentFailed: "No se pudo procesar el pago",
    addressSaveFailed: "Ha ocurrido un error al guardar la direccion, intente mas tarde",
    selectAddress: "Debe seleccionar una dirección",
    selectPaymentMethod: "Debe seleccionar un metodo de pago",
  },
  success: {
    payment: "Pago exitoso",
    redirecting: "Redirigiendo...",
    resetSent: "Le hemos enviado un correo electrónico con instrucciones para recuperar su contraseña.",
  },
  nav: {
    locations: "Ubicaciones",
    packs: "Paquetes",
    coaches: "Coaches",
    nucleoHome: "Nucleo Home",
    book: "Reservar",
    menu: "Menú",
    closeMenu: "Cerrar menú",
    cart: "Carrito",
    logout: "Cerrar sesión",
    login: "Iniciar sesión",
    account: "Mi cuenta",
    aboutUs: "Nosotros",
    ourClasses: "Nuestras clases",
    buyClasses: "Comprar clases",
    buyIn: "Clases en {city}",
    onDemand: "On Demand",
    onDemandPlans: "Nucleo Home (On Demand)",
    store: "Tienda",
    certification: "Certificación",
    bazaar: "Bazar",
    foundation: "Fundación",
    legals: "Legales",
    home: "Inicio",
    skipToContent: "Saltar al contenido",
  },
  footer: {
    sponsors: "Nos acompañan",
    follow: "Síguenos",
    help: "¿Necesitas ayuda? Escríbenos a",
    terms: "Términos y Condiciones",
    faq: "Preguntas frecuentes",
    jobs: "Bolsa de trabajo",
    credit: "Sitio desarrollado por {dev}",
    rights: "© {year} {name}. Todos los derechos reservados.",
    whatsapp: "Escríbenos por WhatsApp",
    opensNewTab: "(se abre en una pestaña nueva)",
  },
  location: {
    selectCityTitle: "¿Dónde quieres entrenar?",
    selectCitySubtitle: "Elige tu ciudad para ver estudios, horarios y paquetes.",
    selectStudioTitle: "Elige tu estudio",
    selectStudioSubtitle: "Estudios disponibles en {city}.",
    changeCity: "Cambiar ciudad",
    noStudios: "Aún no hay estudios abiertos en esta ciudad.",
    studiosCount: "{count} estudios",
    studioCount: "1 estudio",
    chosen: "Seleccionado",
    continue: "Continuar",
  },
} as const;

type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<typeof messages>;

/** Looks up a catalogue text and fills `{name}` placeholders. */
export function t(key: MessageKey, params?: Record<string, string | number>): string {
  let node: unknown = messages;
  for (const part of key.split(".")) node = (node as Record<string, unknown>)[part];
  let text = typeof node === "string" ? node : key;
  if (params) for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}
