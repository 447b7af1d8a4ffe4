import { STORAGE_KEYS, VOLUME } from "@atendo/shared";
import { useCallback, useSyncExternalStore } from "react";

const listeners = new Set<() => void>();

/** The notification volume (0 to 1, step 0.1, default 1), kept under `volume`. */
export function getVolume(): number {
  const value = Number.parseFloat(localStorage.getItem(STORAGE_KEYS.volume) ?? "");
  if (Number.isNaN(value)) return VOLUME.default;
  return Math.min(VOLUME.max, Math.max(VOLUME.min, value));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useVolume(): [number, (volume: number) => void] {
  const volume = useSyncExternalStore(subscribe, getVolume, () => VOLUME.default);
  const setVolume = useCallback((next: number) => {
    localStorage.setItem(STORAGE_KEYS.volume, String(Math.round(next * 10) / 10));
    for (const listener of listeners) listener();
  }, []);
  return [volume, setVolume];
}
