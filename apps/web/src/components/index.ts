export { ConfirmationModal, type ConfirmationModalProps } from "./ConfirmationModal";
export { EmptyState } from "./EmptyState";
export { ListPageHeader, type ListPageHeaderProps } from "./ListPageHeader";
export { ActiveChip, LoadingMoreRow, NoAccessPaper, PagedListPaper, RowAction, RowName } from "./ListParts";
export { Loading } from "./Loading";
export {
  type LiveChange,
  nearBottom,
  uniqueById,
  useCachedList,
  useDebouncedSearch,
  useListCache,
  useLiveList,
  useLoadMore,
  usePagedList,
  useRecordDialog,
  useSearchedPagedList,
} from "./listing";
export { NotAvailableYet } from "./NotAvailableYet";
export { MainContainer, MainHeader, MainHeaderButtonsWrapper, MainPaper, PageShell, Title } from "./PageShell";
export { PasswordTextField, type PasswordTextFieldProps } from "./PasswordTextField";
export { QueueSelectField, type QueueSelectFieldProps, withStoredQueues } from "./QueueSelectField";
export {
  RecordDialog,
  type RecordDialogProps,
  type RecordFormProps,
  RecordFormShell,
  type RecordFormShellProps,
} from "./RecordDialog";
export {
  BreakableText,
  type ListActions,
  type ListColumn,
  type ListRowProps,
  ResponsiveTable,
  type ResponsiveTableProps,
} from "./ResponsiveTable";
export { SearchField, type SearchFieldProps } from "./SearchField";
export { SubmitButton, type SubmitButtonProps } from "./SubmitButton";
export { useChipColors } from "./useChipColors";
export { useConfirmDelete } from "./useConfirmDelete";
export { useFieldMessage } from "./useFieldMessage";
