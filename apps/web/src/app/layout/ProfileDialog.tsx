import type { SessionUser } from "@atendo/shared";
import {
  Avatar,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from "@mui/material";
import { useTranslation } from "react-i18next";

/** Read-only profile card; the users module replaces it with the user modal. */
export function ProfileDialog({ user, open, onClose }: { user: SessionUser; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="profile-dialog-title">
      <DialogTitle id="profile-dialog-title">{t("profileDialog.title")}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ display: "flex", justifyContent: "center", mb: 2 }}>
          <Avatar sx={{ width: 64, height: 64, bgcolor: "primary.main", color: "primary.contrastText", fontSize: 28 }}>
            {user.name.charAt(0).toUpperCase()}
          </Avatar>
        </Box>
        <Stack spacing={2}>
          <TextField label={t("profileDialog.name")} value={user.name} slotProps={{ htmlInput: { readOnly: true } }} />
          <TextField
            label={t("profileDialog.email")}
            value={user.email}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <TextField
            label={t("profileDialog.profile")}
            value={t(`profileDialog.profiles.${user.profile}`)}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
          <TextField
            label={t("profileDialog.company")}
            value={user.company.name}
            slotProps={{ htmlInput: { readOnly: true } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          {t("common.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
