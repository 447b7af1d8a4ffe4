import { isAdmin, type SessionUser } from "@atendo/shared";
import LockOutlinedIcon from "@mui/icons-material/LockOutlined";
import { Box, Button, Paper, Tab, Tabs } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { useSession } from "../../app/session";
import { EmptyState } from "../../components/EmptyState";
import { MainContainer, MainHeader, Title } from "../../components/PageShell";
import { CompaniesTab } from "./CompaniesTab";
import { toastFailure } from "./feedback";
import { HelpsTab } from "./HelpsTab";
import { OptionsTab, settingValue } from "./OptionsTab";
import { PlansTab } from "./PlansTab";
import { fetchSettings, SILENT, settingsKeys } from "./queries";
import { SchedulesTab } from "./SchedulesTab";

export type SettingsTab = "options" | "schedules" | "companies" | "plans" | "helps";

/** Company settings are for admins (and the super admin); attendants get a no-permission state. */
export function canManageSettings(user: Pick<SessionUser, "profile" | "super"> | null | undefined): boolean {
  return isAdmin(user);
}

/**
 * The tabs a user sees (document 1 section 2): options always, schedules when
 * the scheduleType setting is "company", companies/plans/helps for the super user.
 */
export function visibleTabs(isSuper: boolean, scheduleType: string): SettingsTab[] {
  const tabs: SettingsTab[] = ["options"];
  if (scheduleType === "company") tabs.push("schedules");
  if (isSuper) tabs.push("companies", "plans", "helps");
  return tabs;
}

export default function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useSession();

  if (!user || !canManageSettings(user)) {
    return (
      <MainContainer>
        <MainHeader>
          <Title>{t("settings.title")}</Title>
        </MainHeader>
        <Paper variant="outlined" sx={{ flex: 1 }}>
          <EmptyState
            icon={<LockOutlinedIcon sx={{ fontSize: 56, color: "text.disabled" }} aria-hidden />}
            title={t("settings.noPermission.title")}
          >
            <Box sx={{ maxWidth: 420 }}>{t("settings.noPermission.description")}</Box>
            <Button component={RouterLink} to="/tickets" variant="outlined" color="inherit" sx={{ mt: 1 }}>
              {t("common.goToTickets")}
            </Button>
          </EmptyState>
        </Paper>
      </MainContainer>
    );
  }

  return <AdminSettings user={user} />;
}

function AdminSettings({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SettingsTab>("options");

  const settings = useQuery({ queryKey: settingsKeys.settings, queryFn: fetchSettings, meta: SILENT });
  useEffect(() => {
    if (settings.error) toastFailure(settings.error, "settings.options.loadError");
  }, [settings.error]);

  // Until the list arrives, the session's copy of the settings decides the schedules tab.
  const scheduleType = settingValue(settings.data ?? user.company?.settings, "scheduleType");
  const tabs = visibleTabs(user.super, scheduleType);
  const current = tabs.includes(tab) ? tab : "options";

  return (
    <MainContainer>
      <MainHeader>
        <Title>{t("settings.title")}</Title>
      </MainHeader>
      <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column" }}>
        {/*
          On phones the tabs drop MUI's 90 px minimum and half their padding, so the super admin's four
          fit at 390 px; when they still do not (the schedules tab too, longer words), the scroll arrows
          show on phones as well (MUI hides them there by default, leaving a tab cut off with no sign).
        */}
        <Tabs
          value={current}
          onChange={(_, value: SettingsTab) => setTab(value)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t("settings.tabs.label")}
          sx={{ borderBottom: 1, borderColor: "divider", px: { xs: 0, sm: 1 } }}
        >
          {tabs.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(`settings.tabs.${name}`)}
              id={`settings-tab-${name}`}
              aria-controls={`settings-tabpanel-${name}`}
              sx={{ minWidth: { xs: 0, sm: 90 }, px: { xs: 1.5, sm: 2 } }}
            />
          ))}
        </Tabs>
        <Box
          role="tabpanel"
          id={`settings-tabpanel-${current}`}
          aria-labelledby={`settings-tab-${current}`}
          sx={{ flex: 1, minHeight: 0, overflow: "auto", p: { xs: 1.5, sm: 2, md: 3 } }}
        >
          {current === "options" ? (
            <OptionsTab settings={settings.data} loading={settings.isPending} isSuper={user.super} />
          ) : null}
          {current === "schedules" ? <SchedulesTab companyId={user.companyId} /> : null}
          {current === "companies" ? <CompaniesTab /> : null}
          {current === "plans" ? <PlansTab /> : null}
          {current === "helps" ? <HelpsTab /> : null}
        </Box>
      </Paper>
    </MainContainer>
  );
}
