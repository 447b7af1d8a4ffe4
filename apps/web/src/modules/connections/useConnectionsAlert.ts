import { CONNECTION_ALERT_CHECK_MS } from "@atendo/shared";
import { useEffect, useState } from "react";
import { needsAttention } from "./connectionsCache";
import { useConnections } from "./useConnections";

/**
 * True when a connection needs attention (qrcode, PAIRING, DISCONNECTED, TIMEOUT, OPENING),
 * checked 2 s after the list changes. A failing list means no badge.
 */
export function useConnectionsAlert(): boolean {
  const { data } = useConnections();
  const [alert, setAlert] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAlert(needsAttention(data)), CONNECTION_ALERT_CHECK_MS);
    return () => clearTimeout(timer);
  }, [data]);
  return alert;
}
