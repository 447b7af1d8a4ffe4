import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import { Badge, Box, Button, Divider, IconButton, Popover, Stack, TextField, Tooltip, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { ChatList } from "./ChatList";
import { useUnreadChats } from "./useUnreadChats";

/**
 * The top bar's internal chats (document 1 section 4): the user's chats with their
 * unread marks, searched 500 ms after typing stops; a click opens the chat.
 */
export function ChatsPopover() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useUnreadChats();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [searchText, setSearchText] = useState("");
  const label = t("chat.popover.title");
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={t("chat.popover.button", { count: unread })}
          aria-haspopup="dialog"
          aria-expanded={anchor ? "true" : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="chats-button"
        >
          <Badge badgeContent={unread} color="error" max={99} data-testid="chats-badge">
            <ForumOutlinedIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{
          paper: {
            role: "dialog",
            "aria-label": label,
            sx: { width: 380, maxWidth: "calc(100vw - 24px)", display: "flex", flexDirection: "column" },
          },
        }}
      >
        <Typography variant="subtitle1" sx={{ fontWeight: 600, px: 2, pt: 1.5, pb: 1 }}>
          {label}
        </Typography>
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
        {/* Mounted only while open: a closed popover fetches nothing. */}
        {anchor ? (
          <ChatList
            searchText={searchText}
            selectedId={null}
            maxHeight={360}
            testId="chats-popover-list"
            onSelect={(chat) => {
              close();
              navigate(`/chats/${chat.uuid}`);
            }}
          />
        ) : null}
        <Divider />
        <Stack sx={{ p: 1, alignItems: "flex-end" }}>
          <Button
            size="small"
            onClick={() => {
              close();
              navigate("/chats");
            }}
          >
            {t("chat.popover.openAll")}
          </Button>
        </Stack>
      </Popover>
    </>
  );
}
