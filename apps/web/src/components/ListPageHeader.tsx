import AddIcon from "@mui/icons-material/Add";
import { Box, Button } from "@mui/material";
import type { ReactNode } from "react";
import { Title } from "./PageShell";
import { SearchField, type SearchFieldProps } from "./SearchField";

export interface ListPageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Shown before the title (a back button). */
  leading?: ReactNode;
  /** The list's search box. */
  search?: SearchFieldProps;
  /** Secondary buttons, between the search and the primary action. */
  actions?: ReactNode;
  /** The page's main action (add a record); leave it out where the profile may not use it. */
  primary?: { label: string; onClick: () => void; icon?: ReactNode };
}

/**
 * The header of a list page: the title on the left; on the right the secondary buttons, then the
 * search box with the primary action right beside it. The search and the primary action never part:
 * on narrow screens they share a line of their own under the title (the search taking the room
 * left), and the secondary buttons fill the lines below.
 */
export function ListPageHeader({ title, subtitle, leading, search, actions, primary }: ListPageHeaderProps) {
  const primaryButton = primary ? (
    <Button
      variant="contained"
      startIcon={primary.icon ?? <AddIcon />}
      onClick={primary.onClick}
      sx={{ flexShrink: 0, whiteSpace: "nowrap" }}
    >
      {primary.label}
    </Button>
  ) : null;
  return (
    <Box
      component="header"
      sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 2, rowGap: 1.5, minHeight: 48 }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0, flex: "1 1 auto" }}>
        {leading}
        <Title subtitle={subtitle}>{title}</Title>
      </Box>
      {search || actions ? (
        <Box
          data-testid="list-header-tools"
          sx={{
            display: "flex",
            flexWrap: "wrap",
            alignItems: "center",
            justifyContent: "flex-end",
            gap: 1,
            flex: { xs: "1 1 100%", md: "0 1 auto" },
            minWidth: 0,
          }}
        >
          {actions ? (
            <Box
              sx={{
                display: "flex",
                flexWrap: "wrap",
                gap: 1,
                justifyContent: "flex-end",
                // Under the search and the primary action on phones, where those matter most.
                order: { xs: 1, md: 0 },
                // On phones the buttons fill their rows edge to edge, level with the search line above,
                // instead of leaving a ragged right-aligned row (Importar, Importar do celular / Exportar).
                flex: { xs: "1 1 100%", md: "0 1 auto" },
                "& > .MuiButton-root": { whiteSpace: "nowrap", flex: { xs: "1 1 auto", md: "0 0 auto" } },
              }}
            >
              {actions}
            </Box>
          ) : null}
          {search ? (
            <Box sx={{ display: "flex", alignItems: "center", gap: 1, flex: { xs: "1 1 100%", md: "0 0 auto" } }}>
              <Box
                sx={{
                  flex: { xs: "1 1 auto", md: "0 0 auto" },
                  minWidth: 0,
                  // Beside the primary action on phones the search takes the room left, not a line of its own.
                  "& .MuiFormControl-root": {
                    width: { xs: "100%", md: "auto" },
                    minWidth: { xs: 0, md: search.minWidth },
                  },
                }}
              >
                <SearchField {...search} />
              </Box>
              {primaryButton}
            </Box>
          ) : (
            primaryButton
          )}
        </Box>
      ) : (
        primaryButton
      )}
    </Box>
  );
}
