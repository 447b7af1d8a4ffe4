import { Box, Button, Divider, Stack, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { ChatList } from "./ChatList";

/**
 * The chats popover's body: the user's chats with their unread marks, searched 500 ms after
 * typing stops; a click opens the chat, the footer the chats page.
 */
export default function ChatsPopoverPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchText, setSearchText] = useState("");
  const open = (path: string) => {
    onClose();
    navigate(path);
  };
  return (
    <>
      <Box sx={{ px: 2, pb: 1 }}>
        <TextField
          size="small"
          type="search"
          fullWidth
          placeholder={t("chat.searchPlaceholder")}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          slotProps={{ htmlInput: { "aria-label": t("chat.searchPlaceholder") } }}
        />
      </Box>
      <Divider />
      <ChatList
        searchText={searchText}
        selectedId={null}
        maxHeight={360}
        testId="chats-popover-list"
        onSelect={(chat) => open(`/chats/${chat.uuid}`)}
      />
      <Divider />
      <Stack sx={{ p: 1, alignItems: "flex-end" }}>
        <Button size="small" onClick={() => open("/chats")}>
          {t("chat.popover.openAll")}
        </Button>
      </Stack>
    </>
  );
}
