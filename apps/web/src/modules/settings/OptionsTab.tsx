import { SETTING_DEFAULTS, SETTING_VALUE_SCHEMAS, type Setting, type SettingKey } from "@atendo/shared";
import { Box, Divider, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client";
import { Loading } from "../../components/Loading";
import { CampaignIntervalOptions } from "../campaign-settings/CampaignIntervalOptions";
import { toastFailure, toastSuccess } from "./feedback";
import { settingsKeys } from "./queries";

type SelectKey = Exclude<SettingKey, "asaas" | "campaignsEnabled">;

/** The selects of the options tab, in display order, with their allowed values. */
export const OPTION_SELECTS: readonly { key: SelectKey; values: readonly string[]; superOnly?: boolean }[] = [
  { key: "userRating", values: ["disabled", "enabled"] },
  { key: "scheduleType", values: ["disabled", "company", "queue"] },
  { key: "CheckMsgIsGroup", values: ["disabled", "enabled"] },
  { key: "call", values: ["disabled", "enabled"] },
  { key: "chatBotType", values: ["text", "button", "list"] },
  { key: "sendGreetingAccepted", values: ["disabled", "enabled"] },
  { key: "sendMsgTransfTicket", values: ["disabled", "enabled"] },
  { key: "sendGreetingMessageOneQueues", values: ["disabled", "enabled"] },
  { key: "drawerStartsOpen", values: ["disabled", "enabled"] },
  { key: "userCreation", values: ["disabled", "enabled"], superOnly: true },
];

/** A key's value from the GET /settings answer, else its default. */
export function settingValue(settings: Setting[] | undefined, key: SettingKey): string {
  return settings?.find((setting) => setting.key === key)?.value ?? SETTING_DEFAULTS[key];
}

/** The list with one key set (added when missing). */
export function withSetting(list: Setting[] | undefined, key: string, value: string): Setting[] {
  const current = list ?? [];
  return current.some((item) => item.key === key)
    ? current.map((item) => (item.key === key ? { key, value } : item))
    : [...current, { key, value }];
}

export interface OptionsTabProps {
  settings: Setting[] | undefined;
  loading: boolean;
  isSuper: boolean;
}

const optionsGrid = {
  display: "grid",
  gap: 2,
  gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(3, minmax(0, 1fr))" },
} as const;

export function OptionsTab({ settings, loading, isSuper }: OptionsTabProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const update = useMutation({
    mutationFn: ({ key, value }: { key: SettingKey; value: string }) =>
      api.put("/settings/{key}", { params: { key }, body: { key, value } }),
    // The select shows the new value at once; a failure puts the old list back.
    onMutate: async ({ key, value }) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.settings });
      const previous = queryClient.getQueryData<Setting[]>(settingsKeys.settings);
      queryClient.setQueryData<Setting[]>(settingsKeys.settings, (old) => withSetting(old, key, value));
      return { previous };
    },
    onSuccess: (saved, variables) => {
      const next = saved && typeof saved === "object" && "key" in saved ? saved : variables;
      queryClient.setQueryData<Setting[]>(settingsKeys.settings, (old) => withSetting(old, next.key, next.value));
      toastSuccess("settings.options.updated");
    },
    onError: (err, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(settingsKeys.settings, context.previous);
      toastFailure(err, "errors.generic");
    },
  });

  const save = (key: SettingKey, value: string) => {
    if (value === settingValue(settings, key)) return;
    if (!SETTING_VALUE_SCHEMAS[key].safeParse(value).success) {
      toastFailure(undefined, "settings.validation.invalid");
      return;
    }
    update.mutate({ key, value });
  };

  if (loading) return <Loading />;

  const optionSelects = (superOnly: boolean) =>
    OPTION_SELECTS.filter((option) => Boolean(option.superOnly) === superOnly).map((option) => (
      <OptionSelect
        key={option.key}
        settingKey={option.key}
        values={option.values}
        value={settingValue(settings, option.key)}
        onChange={save}
      />
    ));

  return (
    <Stack spacing={3}>
      <Box sx={optionsGrid}>{optionSelects(false)}</Box>
      <CampaignIntervalOptions />

      {isSuper ? (
        <>
          <Divider />
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t("settings.options.superTitle")}
          </Typography>
          <Box sx={optionsGrid}>
            {optionSelects(true)}
            <TokenField value={settingValue(settings, "asaas")} onSave={(value) => save("asaas", value)} />
          </Box>
        </>
      ) : null}
    </Stack>
  );
}

function OptionSelect({
  settingKey,
  values,
  value,
  onChange,
}: {
  settingKey: SettingKey;
  values: readonly string[];
  value: string;
  onChange: (key: SettingKey, value: string) => void;
}) {
  const { t } = useTranslation();
  const id = `setting-${settingKey}`;
  return (
    <TextField
      select
      id={id}
      label={t(`settings.options.fields.${settingKey}`)}
      value={values.includes(value) ? value : ""}
      onChange={(event) => onChange(settingKey, event.target.value)}
      size="small"
      fullWidth
    >
      {values.map((option) => (
        <MenuItem key={option} value={option}>
          {t(`settings.options.values.${option}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The payment provider token: saved when the field loses focus (or on Enter). The server answers
 * a stored token as its mask ("••••abcd"): left as it is, nothing is sent; focused, the mask is
 * selected whole, so typing replaces it rather than appending to it.
 */
function TokenField({ value, onSave }: { value: string; onSave: (value: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  // The last value sent: Enter followed by blur must not save twice.
  const sent = useRef(value);
  useEffect(() => {
    setDraft(value);
    sent.current = value;
  }, [value]);

  const commit = () => {
    const next = draft.trim();
    if (next === value || next === sent.current) return;
    sent.current = next;
    onSave(next);
  };

  return (
    <TextField
      id="setting-asaas"
      label={t("settings.options.fields.asaas")}
      helperText={t("settings.options.helpers.asaas")}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onFocus={(event) => {
        if (draft === value && value !== "") event.target.select();
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          commit();
        }
        if (event.key === "Escape") setDraft(value);
      }}
      size="small"
      fullWidth
      autoComplete="off"
      slotProps={{ htmlInput: { maxLength: 500, spellCheck: false } }}
    />
  );
}
