import { type ConnectionProvider, can, TOAST_DURATION_MS, type Whatsapp } from "@atendo/shared";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import CropFreeIcon from "@mui/icons-material/CropFree";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import SignalCellular4BarIcon from "@mui/icons-material/SignalCellular4Bar";
import SignalCellularConnectedNoInternet0BarIcon from "@mui/icons-material/SignalCellularConnectedNoInternet0Bar";
import SignalCellularConnectedNoInternet2BarIcon from "@mui/icons-material/SignalCellularConnectedNoInternet2Bar";
import SyncAltIcon from "@mui/icons-material/SyncAlt";
import { Box, Button, Chip, CircularProgress, Stack, Tooltip, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../../api/client";
import { useSession } from "../../app/session";
import {
  ConfirmationModal,
  EmptyState,
  ListPageHeader,
  Loading,
  MainContainer,
  MainPaper,
  ResponsiveTable,
  RowAction,
} from "../../components";
import { formatShortDateTime } from "../../utils/date";
import { useSimulatorEnabled } from "../simulator/useSimulatorStatus";
import { deleteConnection, sessionActions, whatsappListQueryKey } from "./connectionsApi";
import { applyWhatsappEvent, type SessionAction, sessionActionsFor } from "./connectionsCache";
import { QrcodeModal } from "./QrcodeModal";
import { useConnections } from "./useConnections";
import { WhatsappModal } from "./WhatsappModal";

/**
 * The status icon and its tooltip (the texts of document 1's connection states); a Cloud API
 * connection Meta refused says why instead of the phone's advice.
 */
function StatusIcon({ status, reason }: { status: string; reason?: string | null | undefined }) {
  const { t } = useTranslation();
  let icon: ReactNode;
  let title: string;
  let content: string | undefined;
  switch (status) {
    case "DISCONNECTED":
      icon = <SignalCellularConnectedNoInternet0BarIcon color="error" />;
      title = t("connections.toolTips.disconnected.title");
      content = reason ? t("whatsappModal.cloud.reason", { reason }) : t("connections.toolTips.disconnected.content");
      break;
    case "OPENING":
      icon = <CircularProgress size={22} />;
      title = t("connections.toolTips.opening.title");
      break;
    case "qrcode":
      icon = <CropFreeIcon color="warning" />;
      title = t("connections.toolTips.qrcode.title");
      content = t("connections.toolTips.qrcode.content");
      break;
    case "CONNECTED":
      icon = <SignalCellular4BarIcon color="success" />;
      title = t("connections.toolTips.connected.title");
      break;
    case "PAIRING":
      icon = <SignalCellularConnectedNoInternet2BarIcon color="warning" />;
      title = t("connections.toolTips.pairing.title");
      break;
    default:
      icon = <SignalCellularConnectedNoInternet2BarIcon color="error" />;
      title = t("connections.toolTips.timeout.title");
      content = t("connections.toolTips.timeout.content");
  }
  const label = t(`connections.status.${status}`, { defaultValue: status });
  return (
    <Tooltip
      title={
        <>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {content ? <Typography variant="caption">{content}</Typography> : null}
        </>
      }
    >
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-testid="connection-status"
        data-status={status}
        sx={{ display: "inline-flex", alignItems: "center", justifyContent: "center", minHeight: 24 }}
      >
        {icon}
      </Box>
    </Tooltip>
  );
}

interface SessionButtonsProps {
  whatsapp: Whatsapp;
  onShowQr: (whatsapp: Whatsapp) => void;
  onDisconnect: (whatsapp: Whatsapp) => void;
}

/** The session column: what can be done to the connection in its current status. */
function SessionButtons({ whatsapp, onShowQr, onDisconnect }: SessionButtonsProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<SessionAction | null>(null);
  const run = async (action: SessionAction, call: () => Promise<unknown>) => {
    setBusy(action);
    try {
      await call();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(null);
    }
  };
  const buttons = sessionActionsFor(whatsapp.status).map((action) => {
    switch (action) {
      case "showQr":
        return (
          <Button key={action} size="small" variant="contained" onClick={() => onShowQr(whatsapp)}>
            {t("connections.buttons.qrcode")}
          </Button>
        );
      case "retry":
        return (
          <Button
            key={action}
            size="small"
            variant="contained"
            disabled={busy !== null}
            onClick={() => run(action, () => sessionActions.retry(whatsapp.id))}
          >
            {t("connections.buttons.tryAgain")}
          </Button>
        );
      case "newQr":
        return (
          <Button
            key={action}
            size="small"
            variant="outlined"
            color="inherit"
            disabled={busy !== null}
            onClick={() => run(action, () => sessionActions.newQr(whatsapp.id))}
          >
            {t("connections.buttons.newQr")}
          </Button>
        );
      case "disconnect":
        return (
          <Button key={action} size="small" variant="outlined" color="error" onClick={() => onDisconnect(whatsapp)}>
            {t("connections.buttons.disconnect")}
          </Button>
        );
      case "connecting":
        return (
          <Button
            key={action}
            size="small"
            variant="outlined"
            disabled
            startIcon={<CircularProgress size={14} color="inherit" />}
          >
            {t("connections.buttons.connecting")}
          </Button>
        );
      default:
        return null;
    }
  });
  return (
    // Centred in the table's column, at the start of a phone card's line.
    <Stack
      direction="row"
      spacing={1}
      sx={{ justifyContent: { xs: "flex-start", sm: "center" }, flexWrap: "wrap", rowGap: 1 }}
    >
      {buttons}
    </Stack>
  );
}

type Confirm = { kind: "delete" | "disconnect"; whatsapp: Whatsapp };

/** /connections: the company's connections, their sessions and the add/edit and QR dialogs; live. */
export default function ConnectionsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { data, isPending, isError, refetch } = useConnections();
  const simulatorOn = useSimulatorEnabled();
  const [modal, setModal] = useState<{ open: boolean; whatsappId: number | null }>({ open: false, whatsappId: null });
  const [qr, setQr] = useState<{ open: boolean; whatsappId: number | null }>({ open: false, whatsappId: null });
  // Kept while the confirmation closes, so its title does not blink.
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const canSession = can(user?.profile, "connections-page:actionButtons");
  const canAdd = can(user?.profile, "connections-page:addConnection");
  const canEdit = can(user?.profile, "connections-page:editOrDeleteConnection");
  const providers: ConnectionProvider[] = simulatorOn ? ["beta", "cloud", "simulator"] : ["beta", "cloud"];
  const connections = data ?? [];

  const closeModal = useCallback(() => setModal((current) => ({ ...current, open: false })), []);
  const closeQr = useCallback(() => setQr((current) => ({ ...current, open: false })), []);

  const onSaved = (whatsapp: Whatsapp, created: boolean) => {
    // Shown at once; then read again, since the session may have moved on (a new simulator
    // connection shows its QR before this answer arrives) and a new default clears the others.
    queryClient.setQueryData<Whatsapp[]>(whatsappListQueryKey, (list) =>
      list?.some((item) => item.id === whatsapp.id) ? list : applyWhatsappEvent(list, { action: "update", whatsapp }),
    );
    void queryClient.invalidateQueries({ queryKey: whatsappListQueryKey });
    // A new simulator connection starts pairing at once: show its QR code.
    if (created && whatsapp.provider === "simulator") setQr({ open: true, whatsappId: whatsapp.id });
  };

  const askConfirm = (kind: Confirm["kind"], whatsapp: Whatsapp) => {
    setConfirm({ kind, whatsapp });
    setConfirmOpen(true);
  };

  const onConfirm = async () => {
    if (!confirm) return;
    try {
      if (confirm.kind === "delete") {
        await deleteConnection(confirm.whatsapp.id);
        queryClient.setQueryData<Whatsapp[]>(whatsappListQueryKey, (list) =>
          applyWhatsappEvent(list, { action: "delete", whatsappId: confirm.whatsapp.id }),
        );
        toast.success(t("connections.toasts.deleted"), { autoClose: TOAST_DURATION_MS });
      } else {
        await sessionActions.disconnect(confirm.whatsapp.id);
      }
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <MainContainer>
      <ListPageHeader
        title={t("connections.title")}
        subtitle={t("connections.subtitle")}
        primary={
          canAdd
            ? { label: t("connections.buttons.add"), onClick: () => setModal({ open: true, whatsappId: null }) }
            : undefined
        }
      />

      <MainPaper sx={{ p: 0 }}>
        {isPending ? (
          <Loading />
        ) : isError ? (
          <EmptyState icon={<SyncAltIcon sx={{ fontSize: 56 }} />} title={t("connections.loadError")}>
            <Button onClick={() => void refetch()}>{t("connections.buttons.retryLoad")}</Button>
          </EmptyState>
        ) : connections.length === 0 ? (
          <EmptyState icon={<SyncAltIcon sx={{ fontSize: 56 }} />} title={t("connections.empty.title")}>
            <Typography variant="body2">{t("connections.empty.description")}</Typography>
            {simulatorOn ? <Typography variant="body2">{t("connections.empty.simulator")}</Typography> : null}
          </EmptyState>
        ) : (
          <ResponsiveTable
            label={t("connections.title")}
            rows={connections}
            rowKey={(whatsapp) => whatsapp.id}
            rowProps={(whatsapp) => ({ "data-testid": "connection-row", "data-connection-id": whatsapp.id })}
            columns={[
              {
                label: t("connections.table.name"),
                card: "title",
                render: (whatsapp) => (
                  <>
                    <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {whatsapp.name}
                      </Typography>
                      {whatsapp.provider === "simulator" ? (
                        <Chip size="small" variant="outlined" label={t("connections.providers.simulator")} />
                      ) : null}
                    </Stack>
                    {whatsapp.number ? (
                      <Typography variant="caption" color="text.secondary">
                        {t("connections.table.number", { number: whatsapp.number })}
                      </Typography>
                    ) : null}
                  </>
                ),
              },
              {
                label: t("connections.table.status"),
                align: "center",
                render: (whatsapp) => <StatusIcon status={whatsapp.status} reason={whatsapp.cloud?.statusReason} />,
              },
              canSession && {
                label: t("connections.table.session"),
                align: "center",
                render: (whatsapp) => (
                  <SessionButtons
                    whatsapp={whatsapp}
                    onShowQr={(item) => setQr({ open: true, whatsappId: item.id })}
                    onDisconnect={(item) => askConfirm("disconnect", item)}
                  />
                ),
              },
              {
                label: t("connections.table.lastUpdate"),
                align: "center",
                cellSx: { whiteSpace: "nowrap" },
                render: (whatsapp) => formatShortDateTime(whatsapp.updatedAt),
              },
              {
                label: t("connections.table.default"),
                align: "center",
                render: (whatsapp) =>
                  whatsapp.isDefault ? (
                    <CheckCircleIcon color="success" aria-label={t("connections.table.default")} />
                  ) : null,
              },
            ]}
            // Attendants may do nothing to a connection here: no empty "Ações" column for them.
            actions={
              canEdit
                ? {
                    label: t("connections.table.actions"),
                    width: 120,
                    render: (whatsapp) => (
                      <>
                        <RowAction
                          label={t("connections.buttons.edit")}
                          onClick={() => setModal({ open: true, whatsappId: whatsapp.id })}
                        >
                          <EditOutlinedIcon fontSize="small" />
                        </RowAction>
                        <RowAction
                          label={t("connections.buttons.delete")}
                          onClick={() => askConfirm("delete", whatsapp)}
                        >
                          <DeleteOutlineIcon fontSize="small" />
                        </RowAction>
                      </>
                    ),
                  }
                : undefined
            }
          />
        )}
      </MainPaper>

      <WhatsappModal
        open={modal.open}
        whatsappId={modal.whatsappId}
        providers={providers}
        onClose={closeModal}
        onSaved={onSaved}
      />
      <QrcodeModal open={qr.open} whatsappId={qr.whatsappId} onClose={closeQr} />
      <ConfirmationModal
        open={confirmOpen}
        title={
          confirm
            ? t(
                confirm.kind === "delete"
                  ? "connections.confirmationModal.deleteTitle"
                  : "connections.confirmationModal.disconnectTitle",
                { name: confirm.whatsapp.name },
              )
            : ""
        }
        confirmLabel={t(
          confirm?.kind === "disconnect"
            ? "connections.confirmationModal.disconnectConfirm"
            : "connections.confirmationModal.deleteConfirm",
        )}
        onClose={() => setConfirmOpen(false)}
        onConfirm={onConfirm}
      >
        {t(
          confirm?.kind === "disconnect"
            ? "connections.confirmationModal.disconnectMessage"
            : "connections.confirmationModal.deleteMessage",
        )}
      </ConfirmationModal>
    </MainContainer>
  );
}
