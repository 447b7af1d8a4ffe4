import type { Help } from "@atendo/shared";
import VideoLibraryOutlinedIcon from "@mui/icons-material/VideoLibraryOutlined";
import { Box, Button, Card, CardContent, Skeleton } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client";
import { EmptyState } from "../../components/EmptyState";
import { MainContainer, MainHeader, Title } from "../../components/PageShell";
import { HelpCard } from "./HelpCard";
import { HelpVideoModal } from "./HelpVideoModal";

export const helpsQueryKey = ["helps", "list"] as const;

const grid = {
  display: "grid",
  gap: 2,
  gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "repeat(3, 1fr)", xl: "repeat(4, 1fr)" },
} as const;

function CardSkeleton() {
  return (
    <Card variant="outlined">
      <Skeleton variant="rectangular" sx={{ pt: "56.25%" }} />
      <CardContent>
        <Skeleton width="70%" />
        <Skeleton />
        <Skeleton width="40%" />
      </CardContent>
    </Card>
  );
}

export default function HelpsPage() {
  const { t } = useTranslation();
  const [playing, setPlaying] = useState<Help | null>(null);
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: helpsQueryKey,
    queryFn: () => api.get("/helps/list"),
  });
  const helps = data ?? [];

  return (
    <MainContainer>
      <MainHeader>
        <Title subtitle={t("helps.subtitle")}>{t("helps.title")}</Title>
      </MainHeader>
      <Box sx={{ flex: 1 }} aria-busy={isPending}>
        {isPending ? (
          <Box sx={grid}>
            {Array.from({ length: 6 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <CardSkeleton key={index} />
            ))}
          </Box>
        ) : isError ? (
          <EmptyState icon={<VideoLibraryOutlinedIcon sx={{ fontSize: 56 }} />} title={t("helps.loadError")}>
            <Button variant="outlined" color="inherit" onClick={() => void refetch()}>
              {t("common.retry")}
            </Button>
          </EmptyState>
        ) : helps.length === 0 ? (
          <EmptyState icon={<VideoLibraryOutlinedIcon sx={{ fontSize: 56 }} />} title={t("helps.empty")} />
        ) : (
          <Box sx={grid} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {helps.map((help) => (
              <Box component="li" key={help.id}>
                <HelpCard help={help} onOpen={setPlaying} />
              </Box>
            ))}
          </Box>
        )}
      </Box>
      <HelpVideoModal help={playing} onClose={() => setPlaying(null)} />
    </MainContainer>
  );
}
