import { LANGUAGES, type Language, STORAGE_KEYS } from "@atendo/shared";
import i18n, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";

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

type Translations = Record<string, unknown>;

/**
 * Each language's translations (core + modules, merged as resources.ts does) are a
 * chunk of their own (the localeBundles plugin of vite.config.ts), so the first load carries one language.
 */
const BUNDLES: Record<Language, () => Promise<{ default: Translations }>> = {
  pt: () => import("virtual:locale/pt"),
  en: () => import("virtual:locale/en"),
  es: () => import("virtual:locale/es"),
};

/**
 * i18next loads a language through this before switching to it (init, changeLanguage),
 * together with pt, the fallback for a missing key.
 */
const lazyBundles: BackendModule = {
  type: "backend",
  init: () => undefined,
  read(language, _namespace, callback) {
    if (!isLanguage(language)) {
      callback(new Error(`unsupported language ${language}`), false);
      return;
    }
    BUNDLES[language]().then(
      (bundle) => callback(null, bundle.default),
      (error: Error) => callback(error, false),
    );
  },
};

/** Settles once the stored language (and pt) are loaded: main.tsx renders after it, so no key flashes. */
export const i18nReady = i18n
  .use(lazyBundles)
  .use(initReactI18next)
  .init({
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
