import type { QuickMessage } from "@atendo/shared";
import { List, ListItemButton, ListItemText, Paper } from "@mui/material";
import { useTranslation } from "react-i18next";
import { quickAnswerPreview } from "./quickAnswers";

interface QuickAnswersListProps {
  suggestions: QuickMessage[];
  highlighted: number;
  onPick: (answer: QuickMessage) => void;
}

/** The quick answers floating above the composer; nothing while there is none to offer. */
export function QuickAnswersList({ suggestions, highlighted, onPick }: QuickAnswersListProps) {
  const { t } = useTranslation();
  if (!suggestions.length) return null;
  return (
    <Paper
      elevation={4}
      sx={{
        position: "absolute",
        bottom: "100%",
        left: 8,
        right: 8,
        mb: 0.5,
        maxHeight: 240,
        overflowY: "auto",
        zIndex: 2,
      }}
    >
      <List dense role="listbox" aria-label={t("conversation.composer.quickAnswers")} data-testid="quick-answers">
        {suggestions.map((answer, index) => (
          <ListItemButton
            key={answer.id}
            role="option"
            aria-selected={index === highlighted}
            selected={index === highlighted}
            // The text field keeps the focus, so typing and the arrows go on working after a click.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(answer)}
          >
            <ListItemText primary={`${answer.shortcode} - ${quickAnswerPreview(answer.message)}`} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
