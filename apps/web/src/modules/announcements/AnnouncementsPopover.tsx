import { ANNOUNCEMENT_EVENT } from "@atendo/shared";
import CampaignOutlinedIcon from "@mui/icons-material/CampaignOutlined";
import { Box, Divider, List, ListItem, Stack, Typography } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { BACKEND_URL } from "../../api/client";
import { Loading } from "../../components/Loading";
import { TopBarPopover } from "../../components/TopBarPopover";
import { useSocketEvent } from "../../realtime/socket";
import { announcementsKeys, fetchActiveAnnouncements } from "./announcementsApi";
import { PriorityChip } from "./PriorityChip";

const formatDate = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: "short", timeStyle: "short" }).format(new Date(iso));

/** Top-bar entry: the active announcements, highest priority then newest, kept live by `company-announcement`. */
export function AnnouncementsPopover() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: announcementsKeys.active,
    queryFn: ({ signal }) => fetchActiveAnnouncements(signal),
  });
  useSocketEvent(ANNOUNCEMENT_EVENT, () => void queryClient.invalidateQueries({ queryKey: announcementsKeys.all }));

  const records = query.data?.records ?? [];
  const count = query.data?.count ?? 0;

  return (
    <TopBarPopover
      title={t("announcements.popover.title")}
      buttonLabel={t("announcements.popover.button", { count })}
      icon={<CampaignOutlinedIcon />}
      count={count}
      testId="announcements"
      paperSx={{ maxHeight: 480 }}
    >
      {() => (
        <>
          <Divider />
          {query.isPending ? (
            <Loading />
          ) : records.length === 0 ? (
            <Stack sx={{ alignItems: "center", py: 4, px: 2, color: "text.secondary", gap: 1 }}>
              <CampaignOutlinedIcon sx={{ fontSize: 40 }} />
              <Typography variant="body2">{t("announcements.popover.empty")}</Typography>
            </Stack>
          ) : (
            <List disablePadding data-testid="announcements-list">
              {records.map((record, index) => (
                <Fragment key={record.id}>
                  {index > 0 ? <Divider component="li" /> : null}
                  <ListItem sx={{ display: "block", py: 1.5 }} data-testid="announcement-item">
                    <Stack direction="row" sx={{ alignItems: "center", gap: 1, mb: 0.5 }}>
                      <Typography variant="subtitle2" sx={{ fontWeight: 600, flex: 1, wordBreak: "break-word" }}>
                        {record.title}
                      </Typography>
                      <PriorityChip priority={record.priority} />
                    </Stack>
                    <Typography variant="body2" sx={{ whiteSpace: "pre-line", wordBreak: "break-word" }}>
                      {record.text}
                    </Typography>
                    {record.mediaPath ? (
                      <Box
                        component="img"
                        src={`${BACKEND_URL}${record.mediaPath}`}
                        alt={record.mediaName ?? record.title}
                        loading="lazy"
                        sx={{ display: "block", mt: 1, maxWidth: "100%", maxHeight: 180, borderRadius: 1 }}
                      />
                    ) : null}
                    <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 0.5 }}>
                      {formatDate(record.createdAt, i18n.language)}
                    </Typography>
                  </ListItem>
                </Fragment>
              ))}
            </List>
          )}
        </>
      )}
    </TopBarPopover>
  );
}
