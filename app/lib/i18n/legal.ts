/** Legal pages (Aviso de Privacidad, Términos y Condiciones) and their editor in the back office. */
export const legal = {
  privacyLink: "Aviso de Privacidad",
  termsLink: "Términos y Condiciones",
  privacyConsent: "Tus datos se tratan según nuestro {link}.",
  updatedAt: "Última actualización: {date}",
  notFound: "Esta página legal no existe",
  contents: "Contenido",
  admin: {
    title: "Textos legales",
    subtitle:
      "El Aviso de Privacidad y los Términos y Condiciones que se muestran en el sitio, el registro y el perfil.",
    page: "Página",
    updated: "Actualizado",
    never: "Texto inicial",
    edit: "Editar",
    view: "Ver en el sitio",
    editTitle: "Editar: {title}",
    fieldTitle: "Título",
    fieldBody: "Texto",
    bodyHelp:
      "Separa los párrafos con una línea en blanco. Una línea que empieza con «## » es un subtítulo y una que empieza con «- » es un elemento de lista.",
    save: "Guardar",
    cancel: "Cancelar",
    saved: "Texto guardado",
    preview: "Vista previa",
  },
  errors: {
    titleRequired: "El título es requerido",
    titleTooLong: "El título admite hasta 120 caracteres",
    bodyRequired: "El texto es requerido",
    bodyTooShort: "El texto es demasiado corto",
    bodyTooLong: "El texto admite hasta 60,000 caracteres",
  },
} as const;
