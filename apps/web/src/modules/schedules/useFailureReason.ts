import { isErrorCode } from "@atendo/shared";
import { useTranslation } from "react-i18next";

/** Why a schedule was not sent, in words: its error code's translation (errors.ERR_*). */
export function useFailureReason() {
  const { t, i18n } = useTranslation();
  return (code: string | null): string => {
    if (code && isErrorCode(code) && i18n.exists(`errors.${code}`)) return t(`errors.${code}`);
    return code ?? t("errors.ERR_SENDING_WAPP_MSG");
  };
}
