import RefreshIcon from "@mui/icons-material/Refresh";
import { Button } from "@mui/material";
import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type Location, useLocation } from "react-router-dom";
import { EmptyState } from "../components/EmptyState";

/**
 * What shows when a page fails to render, instead of a blank screen: most often a page's code
 * chunk that a new deployment replaced, which a reload fetches again.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <EmptyState title={t("errors.generic")}>
      <Button variant="contained" startIcon={<RefreshIcon />} onClick={() => window.location.reload()}>
        {t("userMenu.refresh")}
      </Button>
    </EmptyState>
  );
}

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  /** The location that failed: moving elsewhere (back, a link) renders the app again. */
  location: Location;
}

/** React logs what it catches here (console.error), so the boundary only swaps the screen. */
class LocationErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, location: this.props.location };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** Shows RouteError in place of the routed app when it throws while rendering. Inside the router. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <LocationErrorBoundary location={useLocation()}>{children}</LocationErrorBoundary>;
}
