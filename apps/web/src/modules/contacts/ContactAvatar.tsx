import { Avatar, type SxProps, type Theme } from "@mui/material";
import { letterAvatarColors } from "./letterAvatar";

/**
 * A contact's picture, or the first letter of its name on a grey whose letter colour is chosen for
 * contrast (MUI's default draws it at 1.72:1 on the light theme). Every place that shows a contact
 * draws it through here, so none of them falls back to MUI's colours.
 */
export function ContactAvatar({
  name,
  pictureUrl,
  alt = "",
  size,
  sx,
}: {
  name: string;
  pictureUrl?: string | null;
  alt?: string;
  size?: number;
  sx?: SxProps<Theme>;
}) {
  return (
    <Avatar
      src={pictureUrl || undefined}
      alt={alt}
      sx={[
        (theme) => ({ ...letterAvatarColors(theme), ...(size ? { width: size, height: size } : {}) }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {name.charAt(0).toUpperCase()}
    </Avatar>
  );
}
