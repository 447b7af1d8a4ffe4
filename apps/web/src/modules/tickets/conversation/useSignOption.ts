import { STORAGE_KEYS } from "@atendo/shared";
import { useState } from "react";

function readSignOption(): boolean {
  return localStorage.getItem(STORAGE_KEYS.signOption) !== "false";
}

/** The sign-message switch, kept in this browser so the attendant's choice outlives the ticket; on until turned off. */
export function useSignOption() {
  const [sign, setSign] = useState(readSignOption);

  const toggleSign = (value: boolean) => {
    setSign(value);
    localStorage.setItem(STORAGE_KEYS.signOption, String(value));
  };

  return [sign, toggleSign] as const;
}
