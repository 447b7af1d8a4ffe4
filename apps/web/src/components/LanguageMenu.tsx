import { LANGUAGES, type Language } from "@atendo/shared";
import CheckIcon from "@mui/icons-material/Check";
import TranslateIcon from "@mui/icons-material/Translate";
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../api/client";

/**
 * Language picker (pt, en, es). Signed-in users also save the choice on the
 * server; a failure there is ignored, the local choice still applies.
 */
export function LanguageMenu({
  persist = false,
  color = "inherit",
}: {
  persist?: boolean;
  color?: "inherit" | "default";
}) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = i18n.resolvedLanguage ?? i18n.language;

  const choose = (lng: Language) => {
    setAnchor(null);
    if (lng === current) return;
    void i18n.changeLanguage(lng);
    if (persist) api.post("/users/set-language/{lang}", { params: { lang: lng } }).catch(() => undefined);
  };

  return (
    <>
      <Tooltip title={t("userMenu.language")}>
        <IconButton
          aria-label={t("userMenu.language")}
          aria-haspopup="menu"
          aria-controls={anchor ? "language-menu" : undefined}
          aria-expanded={anchor ? "true" : undefined}
          color={color}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <TranslateIcon />
        </IconButton>
      </Tooltip>
      <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((lng) => (
          <MenuItem key={lng} selected={lng === current} onClick={() => choose(lng)} lang={lng}>
            <ListItemIcon>{lng === current ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{t(`languages.${lng}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
