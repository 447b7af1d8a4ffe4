export { ConfirmationModal, type ConfirmationModalProps } from "./ConfirmationModal";
export { EmptyState } from "./EmptyState";
export { Loading } from "./Loading";
export { NotAvailableYet } from "./NotAvailableYet";
export { MainContainer, MainHeader, MainHeaderButtonsWrapper, MainPaper, PageShell, Title } from "./PageShell";
export { PasswordTextField, type PasswordTextFieldProps } from "./PasswordTextField";
export { SubmitButton, type SubmitButtonProps } from "./SubmitButton";
