import {
  CAMPAIGN_LONGER_INTERVAL_OPTIONS,
  CAMPAIGN_MESSAGE_INTERVAL_OPTIONS,
  type CampaignSettings,
} from "@atendo/shared";
import { Box, MenuItem, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";

export type IntervalKey = "messageInterval" | "longerIntervalAfter" | "greaterInterval";
export type Intervals = Pick<CampaignSettings, IntervalKey>;

/** The three selects in display order, with the values document 2 section 9 offers. */
export const INTERVAL_FIELDS: readonly {
  key: IntervalKey;
  options: readonly number[];
  unit: "seconds" | "messages";
}[] = [
  { key: "messageInterval", options: CAMPAIGN_MESSAGE_INTERVAL_OPTIONS, unit: "seconds" },
  { key: "longerIntervalAfter", options: CAMPAIGN_LONGER_INTERVAL_OPTIONS, unit: "messages" },
  { key: "greaterInterval", options: CAMPAIGN_LONGER_INTERVAL_OPTIONS, unit: "seconds" },
];

export interface CampaignIntervalFieldsProps {
  value: Intervals;
  onChange: <K extends IntervalKey>(key: K, value: Intervals[K]) => void;
  disabled?: boolean;
  size?: "small" | "medium";
}

/**
 * The campaign intervals: a random wait between messages, after how many messages
 * a longer wait applies, and that longer wait. Shown on /campaigns-config and on
 * the settings page's options.
 */
export function CampaignIntervalFields({ value, onChange, disabled, size = "medium" }: CampaignIntervalFieldsProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))", lg: "repeat(3, minmax(0, 1fr))" },
      }}
    >
      {INTERVAL_FIELDS.map((field) => (
        <TextField
          key={field.key}
          select
          id={`campaign-setting-${field.key}`}
          label={t(`campaignSettings.fields.${field.key}`)}
          helperText={t(`campaignSettings.helpers.${field.key}`)}
          value={value[field.key]}
          onChange={(event) => onChange(field.key, Number(event.target.value) as Intervals[typeof field.key])}
          disabled={disabled}
          size={size}
          fullWidth
        >
          {field.options.map((option) => (
            <MenuItem key={option} value={option}>
              {option === 0
                ? t(`campaignSettings.none.${field.key}`)
                : t(`campaignSettings.units.${field.unit}`, { count: option })}
            </MenuItem>
          ))}
        </TextField>
      ))}
    </Box>
  );
}
