import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { i18nReady } from "./i18n";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// The first screen renders in the chosen language, never as bare keys: wait for its translations.
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
