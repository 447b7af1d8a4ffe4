import { LANGUAGES, type Language, STORAGE_KEYS } from "@atendo/shared";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { resources } from "./resources";

export const FALLBACK_LANGUAGE: Language = "pt";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice (i18nextLng), else pt. Region codes such as pt-BR count as their language. */
export function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.language)?.slice(0, 2);
    return isLanguage(stored) ? stored : FALLBACK_LANGUAGE;
  } catch {
    return FALLBACK_LANGUAGE;
  }
}

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries(resources).map(([lng, tree]) => [lng, { translation: tree }])),
  lng: storedLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

function applyLanguage(lng: string): void {
  if (typeof document !== "undefined") document.documentElement.lang = lng === "pt" ? "pt-BR" : lng;
}
applyLanguage(i18n.language);

i18n.on("languageChanged", (lng) => {
  try {
    localStorage.setItem(STORAGE_KEYS.language, lng);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  applyLanguage(lng);
});

export default i18n;
