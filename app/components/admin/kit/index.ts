export { DataTable, RowAction, type Column, type FilterDef, type PageMeta } from "./DataTable";
export { EntityFormFrame, useEntityForm, useEntitySubmit } from "./EntityForm";
export { confirmAction, type ConfirmOptions } from "./confirm";
export { PageHeader } from "./PageHeader";
export { AdminErrorBoundary } from "./ErrorPage";
export { formatCalendarDate, formatDate, formatDateTime, formatNumber } from "./format";
export { SoftBadge } from "~/components/SoftBadge";
export {
  ResourceFormPage,
  ResourceListPage,
  ResourceRowMenu,
  statusColumn,
  type FieldDef,
  type ResourceView,
} from "./resource/ResourcePages";
export {
  MediaLibraryDialog,
  MediaPickerField,
  MediaUpload,
  thumbnailOf,
  uploadMedia,
  type MediaItem,
} from "./resource/MediaPicker";
export { RowMenu } from "./RowMenu";
