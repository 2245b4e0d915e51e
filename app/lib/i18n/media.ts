/** The files library: uploads checked and resized for the pages. */
export const media = {
  required: "Elige una imagen para subir",
  tooLarge: "La imagen pesa {size} MB; el máximo es {max} MB. Redúcela o expórtala en menor calidad.",
  notImage: "El archivo no es una imagen JPG, PNG o WebP (aunque su nombre lo parezca)",
  tooSmall: "La imagen es muy pequeña: mide {width}×{height} px y el mínimo es {min} px de ancho",
  tooManyPixels: "La imagen tiene demasiados píxeles (máximo 40 megapíxeles)",
  uploaded: "Imagen subida",
  deleted: "Imagen eliminada",
  notFound: "La imagen no existe",
  altTooLong: "El texto alternativo debe tener máximo 200 caracteres",
} as const;
