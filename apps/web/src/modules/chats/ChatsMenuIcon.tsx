import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import { Badge } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useUnreadChats } from "./useUnreadChats";

/** The side menu's chat icon, with a dot while the user has unread internal chats (document 1 section 3). */
export function ChatsMenuIcon() {
  const { t } = useTranslation();
  const unread = useUnreadChats();
  return (
    <Badge
      color="error"
      variant="dot"
      overlap="circular"
      invisible={unread === 0}
      title={unread > 0 ? t("chat.unreadChats", { count: unread }) : undefined}
      data-testid={unread > 0 ? "chats-unread-dot" : undefined}
    >
      <ForumOutlinedIcon />
    </Badge>
  );
}
