import { type Chat, companyEvent } from "@atendo/shared";
import AddIcon from "@mui/icons-material/Add";
import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import { Badge, Button, Paper, Stack, Tab, Tabs, TextField, Typography, useMediaQuery, useTheme } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router-dom";
import { ApiError } from "../../api/client";
import { useSession } from "../../app/session";
import {
  ConfirmationModal,
  EmptyState,
  Loading,
  MainContainer,
  MainHeader,
  Title,
  useConfirmDelete,
} from "../../components";
import { useSocketEvent } from "../../realtime/socket";
import { ChatConversation } from "./ChatConversation";
import { ChatDialog } from "./ChatDialog";
import { ChatList } from "./ChatList";
import { chatsKeys, deleteChat, fetchChat } from "./chatsApi";
import { useUnreadChats } from "./useUnreadChats";

type PhoneTab = "chats" | "messages";

/**
 * /chats/:id? (id: the chat's uuid): the list and the open conversation side by side on
 * wide screens, as two tabs on narrow ones (document 2, internal chat).
 */
export default function ChatsPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down("md"));
  const navigate = useNavigate();
  const { id: key } = useParams<{ id?: string }>();
  const [searchText, setSearchText] = useState("");
  const [phoneTab, setPhoneTab] = useState<PhoneTab>(key ? "messages" : "chats");
  const [dialog, setDialog] = useState<{ open: boolean; chat: Chat | null }>({ open: false, chat: null });
  const unreadChats = useUnreadChats();
  // A chat opened from elsewhere (the top bar, a link) shows its messages on a phone.
  useEffect(() => {
    if (key) setPhoneTab("messages");
  }, [key]);

  const detail = useQuery({
    queryKey: chatsKeys.detail(key ?? ""),
    queryFn: ({ signal }) => fetchChat(key!, signal),
    enabled: Boolean(key),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  const chat = key ? detail.data : undefined;

  // The lists, the count and the conversation are kept live by the layout's ChatEvents;
  // the page only leaves a chat that was deleted.
  const { user } = useSession();
  useSocketEvent(user ? companyEvent.chat(user.companyId) : null, (payload) => {
    if (payload.action === "delete" && chat && payload.chatId === chat.id) navigate("/chats", { replace: true });
  });

  const queryClient = useQueryClient();
  const open = useCallback(
    (target: Chat) => {
      // The list's copy shows at once; the detail query refreshes it in the background.
      queryClient.setQueryData(chatsKeys.detail(target.uuid), target);
      navigate(`/chats/${target.uuid}`);
      setPhoneTab("messages");
    },
    [navigate, queryClient],
  );

  const deletion = useConfirmDelete(async (target: Chat) => {
    await deleteChat(target.id);
    navigate("/chats", { replace: true });
  }, t("chat.toasts.deleted"));

  const closeDialog = useCallback(() => setDialog((current) => ({ ...current, open: false })), []);

  const listPane = (
    <Stack sx={{ height: "100%", minHeight: 0 }}>
      <Stack direction="row" sx={{ gap: 1, p: 1.5, borderBottom: 1, borderColor: "divider" }}>
        <TextField
          size="small"
          type="search"
          placeholder={t("chat.searchPlaceholder")}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          slotProps={{ htmlInput: { "aria-label": t("chat.searchPlaceholder") } }}
          sx={{ flex: 1 }}
        />
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialog({ open: true, chat: null })}
          data-testid="chat-new"
          sx={{ whiteSpace: "nowrap", flexShrink: 0 }}
        >
          {t("chat.buttons.new")}
        </Button>
      </Stack>
      <ChatList searchText={searchText} selectedId={chat?.id ?? null} onSelect={open} testId="chat-list" />
    </Stack>
  );

  const conversationPane = !key ? (
    <EmptyState icon={<ForumOutlinedIcon sx={{ fontSize: 56 }} />} title={t("chat.conversation.select")}>
      <Typography variant="body2">{t("chat.conversation.selectHint")}</Typography>
    </EmptyState>
  ) : detail.isPending ? (
    <Loading />
  ) : !chat ? (
    <EmptyState icon={<ForumOutlinedIcon sx={{ fontSize: 56 }} />} title={t("chat.conversation.notFound")} />
  ) : (
    <ChatConversation
      key={chat.id}
      chat={chat}
      visible={!narrow || phoneTab === "messages"}
      onEdit={() => setDialog({ open: true, chat })}
      onDelete={() => deletion.ask(chat)}
    />
  );

  return (
    <MainContainer>
      <MainHeader>
        <Title>{t("chat.title")}</Title>
      </MainHeader>
      <Paper
        variant="outlined"
        sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column", overflow: "hidden" }}
      >
        {narrow ? (
          <>
            <Tabs
              value={phoneTab}
              onChange={(_event, value: PhoneTab) => setPhoneTab(value)}
              variant="fullWidth"
              sx={{ borderBottom: 1, borderColor: "divider" }}
            >
              <Tab
                value="chats"
                data-testid="chat-tab-chats"
                label={
                  <Badge color="error" variant="dot" invisible={unreadChats === 0} sx={{ px: 0.5 }}>
                    {t("chat.tabs.chats")}
                  </Badge>
                }
              />
              <Tab value="messages" data-testid="chat-tab-messages" label={t("chat.tabs.messages")} />
            </Tabs>
            <Stack sx={{ flex: 1, minHeight: 0 }}>{phoneTab === "chats" ? listPane : conversationPane}</Stack>
          </>
        ) : (
          <Stack direction="row" sx={{ flex: 1, minHeight: 0 }}>
            <Stack sx={{ width: 360, flexShrink: 0, borderRight: 1, borderColor: "divider", minHeight: 0 }}>
              {listPane}
            </Stack>
            <Stack sx={{ flex: 1, minWidth: 0, minHeight: 0 }}>{conversationPane}</Stack>
          </Stack>
        )}
      </Paper>

      <ChatDialog
        open={dialog.open}
        chat={dialog.chat}
        onClose={closeDialog}
        onSaved={(saved) => {
          if (!dialog.chat) open(saved);
        }}
      />
      <ConfirmationModal
        {...deletion.dialog}
        title={deletion.target ? t("chat.confirm.deleteTitle", { title: deletion.target.title }) : ""}
        confirmLabel={t("chat.confirm.deleteConfirm")}
      >
        {t("chat.confirm.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}
