/** Generic texts of the back-office resource kit: `{entity}` is the resource's label ("país"). */
export const kit = {
  notFound: "El registro no existe ({entity})",
  created: "Se creó el registro ({entity})",
  updated: "Se guardaron los cambios ({entity})",
  deactivated: "Se desactivó el registro ({entity})",
  reactivated: "Se reactivó el registro ({entity})",
  /** A save that raced past a uniqueness check and hit the unique index (409). */
  taken: "Ya existe un registro con ese valor",
  add: "Agregar",
  edit: "Editar",
  deactivate: "Desactivar",
  reactivate: "Reactivar",
  status: "Estado",
  active: "Activo",
  inactive: "Inactivo",
  searchPlaceholder: "Buscar…",
  addTitle: "Agregar: {entity}",
  editTitle: "Editar: {entity}",
  readOnly: "Solo lectura",
  confirmDeactivate: "¿Desactivar este registro ({entity})?",
  confirmReactivate: "¿Reactivar este registro ({entity})?",
} as const;
