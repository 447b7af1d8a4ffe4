import { createTheme, type PaletteMode, type Theme } from "@mui/material/styles";

const YELLOW = "#FFC400";
/**
 * The yellow as text on white reads at 1.6:1; text-coloured uses of the primary in light mode
 * (text and outlined buttons, the selected tab) take this dark amber instead, at about 5.6:1
 * (WCAG AA asks 4.5:1). Filled buttons and indicators keep the yellow.
 */
export const PRIMARY_TEXT_ON_LIGHT = "#7A5A00";

/** Light: yellow primary. Dark: white primary (document 2 section 9). */
export function createAppTheme(mode: PaletteMode): Theme {
  const light = mode === "light";
  return createTheme({
    palette: light
      ? {
          mode,
          primary: { main: YELLOW, light: "#FFD54F", dark: "#C79400", contrastText: "rgba(0, 0, 0, 0.87)" },
          // Text accents need contrast on white, which yellow lacks.
          secondary: { main: "#5C4A00", contrastText: "#fff" },
          background: { default: "#F5F5F4", paper: "#FFFFFF" },
        }
      : {
          mode,
          primary: { main: "#FFFFFF", light: "#FFFFFF", dark: "#D6D6D6", contrastText: "#121212" },
          secondary: { main: "#FFE082", contrastText: "#121212" },
          background: { default: "#121212", paper: "#1E1E1E" },
        },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Inter", "Roboto", "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: "none", fontWeight: 600 },
    },
    components: {
      MuiTextField: { defaultProps: { color: "secondary", fullWidth: true } },
      MuiLink: { defaultProps: { color: "secondary", underline: "hover" } },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: light
          ? {
              root: {
                variants: [
                  { props: { variant: "text", color: "primary" }, style: { color: PRIMARY_TEXT_ON_LIGHT } },
                  {
                    props: { variant: "outlined", color: "primary" },
                    style: { color: PRIMARY_TEXT_ON_LIGHT, borderColor: PRIMARY_TEXT_ON_LIGHT },
                  },
                ],
              },
            }
          : {},
      },
      MuiTab: {
        styleOverrides: light ? { root: { "&.Mui-selected": { color: PRIMARY_TEXT_ON_LIGHT } } } : {},
      },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiAppBar: {
        styleOverrides: {
          root: light ? {} : { backgroundColor: "#1E1E1E", backgroundImage: "none", color: "#fff" },
        },
      },
      MuiCssBaseline: {
        styleOverrides: {
          "html, body, #root": { height: "100%" },
          "*::-webkit-scrollbar": { width: 8, height: 8 },
          "*::-webkit-scrollbar-thumb": {
            backgroundColor: light ? "rgba(0,0,0,0.2)" : "rgba(255,255,255,0.2)",
            borderRadius: 4,
          },
        },
      },
    },
  });
}
