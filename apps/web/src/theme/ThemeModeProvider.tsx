import { STORAGE_KEYS } from "@atendo/shared";
import { CssBaseline, type PaletteMode, useMediaQuery } from "@mui/material";
import { ThemeProvider } from "@mui/material/styles";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { createAppTheme } from "./theme";

interface ThemeModeValue {
  mode: PaletteMode;
  toggleMode: () => void;
  setMode: (mode: PaletteMode) => void;
}

const ThemeModeContext = createContext<ThemeModeValue | null>(null);

function storedMode(): PaletteMode | null {
  const value = localStorage.getItem(STORAGE_KEYS.preferredTheme);
  return value === "light" || value === "dark" ? value : null;
}

/** The remembered theme (preferredTheme); with no choice, the system preference. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const prefersDark = useMediaQuery("(prefers-color-scheme: dark)", { noSsr: true });
  const [chosen, setChosen] = useState<PaletteMode | null>(storedMode);
  const mode: PaletteMode = chosen ?? (prefersDark ? "dark" : "light");

  const setMode = useCallback((next: PaletteMode) => {
    localStorage.setItem(STORAGE_KEYS.preferredTheme, next);
    setChosen(next);
  }, []);
  const toggleMode = useCallback(() => setMode(mode === "light" ? "dark" : "light"), [mode, setMode]);

  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const value = useMemo(() => ({ mode, toggleMode, setMode }), [mode, toggleMode, setMode]);

  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error("useThemeMode must be used inside ThemeModeProvider");
  return value;
}
