import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Loading } from "../../components/Loading";
import { TopBarPopover } from "../../components/TopBarPopover";
import { useUnreadChats } from "./useUnreadChats";

// The search and the list load when the popover first opens: the top bar is on every first
// screen, and the list brings the shared list helpers with it.
const ChatsPopoverPanel = lazy(() => import("./ChatsPopoverPanel"));

/** The top bar's internal chats (document 1 section 4): the unread count, and the user's chats on a click. */
export function ChatsPopover() {
  const { t } = useTranslation();
  const unread = useUnreadChats();
  return (
    <TopBarPopover
      title={t("chat.popover.title")}
      buttonLabel={t("chat.popover.button", { count: unread })}
      icon={<ForumOutlinedIcon />}
      count={unread}
      testId="chats"
      paperSx={{ display: "flex", flexDirection: "column" }}
    >
      {(close) => (
        <Suspense fallback={<Loading />}>
          <ChatsPopoverPanel onClose={close} />
        </Suspense>
      )}
    </TopBarPopover>
  );
}
