import { FLOW_BRANCH_HANDLES, FLOW_RANDOMIZER } from "@atendo/shared";
import { Slider, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FlowDialog } from "./FlowDialog";
import type { NodeDialogProps } from "./types";

/** The share of runs that take branch a, 0 to 100 in steps of 10; branch b takes the rest. */
export function RandomizerDialog({ mode, initial, onClose, onSave }: NodeDialogProps<"randomizer">) {
  const { t } = useTranslation();
  const [percent, setPercent] = useState(initial?.percent ?? 50);
  const handles = FLOW_BRANCH_HANDLES.randomizer;

  return (
    <FlowDialog
      open
      mode={mode}
      titleId="flow-randomizer-title"
      titles={{ create: t("flowBuilder.randomizer.titleCreate"), edit: t("flowBuilder.randomizer.titleEdit") }}
      onClose={onClose}
      onSubmit={() => {
        return () => onSave({ percent });
      }}
      maxWidth="xs"
    >
      <Stack spacing={2} sx={{ px: 1, pt: 1 }}>
        <Typography id="flow-randomizer-percent" variant="body2">
          {t("flowBuilder.randomizer.percent")}
        </Typography>
        <Slider
          value={percent}
          onChange={(_event, value) => setPercent(value as number)}
          min={FLOW_RANDOMIZER.min}
          max={FLOW_RANDOMIZER.max}
          step={FLOW_RANDOMIZER.step}
          marks
          valueLabelDisplay="auto"
          aria-labelledby="flow-randomizer-percent"
          slotProps={{ input: { autoFocus: true } }}
        />
        <Stack direction="row" sx={{ justifyContent: "space-between" }}>
          <Typography variant="body2">{t("flowBuilder.nodes.branch", { handle: handles.percent, percent })}</Typography>
          <Typography variant="body2">
            {t("flowBuilder.nodes.branch", { handle: handles.rest, percent: FLOW_RANDOMIZER.max - percent })}
          </Typography>
        </Stack>
      </Stack>
    </FlowDialog>
  );
}
