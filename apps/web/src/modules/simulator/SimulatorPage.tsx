import { can, QR_CODE_SIZE, SIMULATOR_NUMBER_PATTERN, type Whatsapp } from "@atendo/shared";
import AddIcon from "@mui/icons-material/Add";
import GroupAddOutlinedIcon from "@mui/icons-material/GroupAddOutlined";
import GroupsOutlinedIcon from "@mui/icons-material/GroupsOutlined";
import PersonOutlineIcon from "@mui/icons-material/PersonOutlineOutlined";
import PhonelinkRingOutlinedIcon from "@mui/icons-material/PhonelinkRingOutlined";
import QrCodeScannerIcon from "@mui/icons-material/QrCodeScanner";
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { toastError } from "../../api/client";
import { useSession } from "../../app/session";
import { EmptyState, Loading, MainContainer, MainHeader, Title } from "../../components";
import { formatRelativeDay } from "../../utils/date";
import { onlyDigits } from "../../utils/phone";
import { sessionActions } from "../connections/connectionsApi";
import { useConnections } from "../connections/useConnections";
import { type Customer, SimulatorChat } from "./SimulatorChat";
import {
  type ChatTarget,
  fetchChats,
  randomCustomerNumber,
  randomGroupId,
  scanQr,
  simulatorKeys,
} from "./simulatorApi";
import { useSimulatorStatus } from "./useSimulatorStatus";

/** The customer a new user starts as: the demo needs nothing typed before the first message. */
const DEMO_CUSTOMER: Customer = { number: "5511999990001", name: "Cliente Demo" };
const CHATS_POLL_MS = 5000;

function Step({ index, title, children }: { index: number; title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1.5 }}>
        <Box
          sx={{
            width: 24,
            height: 24,
            borderRadius: "50%",
            bgcolor: "primary.main",
            color: "primary.contrastText",
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            fontSize: 13,
            fontWeight: 700,
          }}
          aria-hidden
        >
          {index}
        </Box>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
      </Stack>
      {children}
    </Paper>
  );
}

/** Step 1: the connection, its pairing, and the "scan" of its QR code. */
function ConnectionStep({
  connections,
  selected,
  onSelect,
}: {
  connections: Whatsapp[];
  selected: Whatsapp;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await call();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  const canStart = can(user?.profile, "connections-page:actionButtons");
  const statusColor =
    selected.status === "CONNECTED" ? "success" : selected.status === "qrcode" ? "warning" : "default";
  return (
    <Step index={1} title={t("simulator.steps.connection")}>
      <Stack spacing={1.5}>
        <TextField
          select
          size="small"
          id="simulator-connection"
          label={t("simulator.connection.label")}
          value={String(selected.id)}
          onChange={(event) => onSelect(Number(event.target.value))}
          fullWidth
        >
          {connections.map((connection) => (
            <MenuItem key={connection.id} value={String(connection.id)}>
              {connection.name}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
          <Chip
            size="small"
            color={statusColor}
            label={t(`connections.status.${selected.status}`, { defaultValue: selected.status })}
            data-testid="simulator-connection-status"
            data-status={selected.status}
          />
          {selected.status === "CONNECTED" && selected.number ? (
            <Typography variant="caption" color="text.secondary">
              {t("simulator.connection.pairedAs", { number: selected.number })}
            </Typography>
          ) : null}
        </Stack>
        {selected.status === "qrcode" ? (
          <Stack spacing={1} sx={{ alignItems: "center" }}>
            <Typography variant="body2" color="text.secondary">
              {t("simulator.connection.qrHint")}
            </Typography>
            {selected.qrcode ? (
              <Box sx={{ bgcolor: "#fff", p: 1, borderRadius: 1 }}>
                <QRCodeSVG value={selected.qrcode} size={QR_CODE_SIZE / 2} aria-hidden />
              </Box>
            ) : null}
            <Button
              variant="contained"
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <QrCodeScannerIcon />}
              disabled={busy}
              onClick={() => run(() => scanQr(selected.id))}
            >
              {t("simulator.buttons.scan")}
            </Button>
          </Stack>
        ) : null}
        {selected.status === "DISCONNECTED" ? (
          canStart ? (
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() => run(() => sessionActions.newQr(selected.id))}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {t("simulator.buttons.newQr")}
            </Button>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t("simulator.connection.askAdmin")}
            </Typography>
          )
        ) : null}
      </Stack>
    </Step>
  );
}

/** /simulator: act as customers of a simulated connection, so the product can be tried without a phone. */
export default function SimulatorPage() {
  const { t } = useTranslation();
  const status = useSimulatorStatus();
  const connectionsQuery = useConnections();
  const [params, setParams] = useSearchParams();
  const [customer, setCustomer] = useState<Customer>(DEMO_CUSTOMER);
  const [target, setTarget] = useState<ChatTarget>({ kind: "private", id: DEMO_CUSTOMER.number });
  const [groupName, setGroupName] = useState("");

  const simulated = (connectionsQuery.data ?? []).filter((connection) => connection.provider === "simulator");
  const requested = Number(params.get("whatsappId"));
  const selected =
    simulated.find((connection) => connection.id === requested) ??
    simulated.find((connection) => connection.status === "qrcode") ??
    simulated.find((connection) => connection.isDefault) ??
    simulated[0];
  const whatsappId = selected?.id;

  const chats = useQuery({
    queryKey: simulatorKeys.chats(whatsappId ?? 0),
    queryFn: ({ signal }) => fetchChats(whatsappId!, signal),
    enabled: whatsappId !== undefined,
    refetchInterval: CHATS_POLL_MS,
    meta: { silent: true },
  });
  // New chats come with a message, which the chat pane's realtime nudge already asks for (SimulatorChat).

  const customerValid = SIMULATOR_NUMBER_PATTERN.test(customer.number);
  // A private chat follows the number being typed.
  useEffect(() => {
    setTarget((current) => (current.kind === "private" ? { kind: "private", id: customer.number } : current));
  }, [customer.number]);

  if (status.isPending || connectionsQuery.isPending) {
    return (
      <MainContainer>
        <Loading />
      </MainContainer>
    );
  }

  const header = (
    <MainHeader>
      <Title subtitle={t("simulator.subtitle")}>{t("simulator.title")}</Title>
    </MainHeader>
  );

  if (!status.data?.enabled) {
    return (
      <MainContainer>
        {header}
        <EmptyState icon={<PhonelinkRingOutlinedIcon sx={{ fontSize: 56 }} />} title={t("simulator.off")} />
      </MainContainer>
    );
  }

  if (!selected || whatsappId === undefined) {
    return (
      <MainContainer>
        {header}
        <EmptyState
          icon={<PhonelinkRingOutlinedIcon sx={{ fontSize: 56 }} />}
          title={t("simulator.noConnection.title")}
        >
          <Typography variant="body2">{t("simulator.noConnection.description")}</Typography>
          <Button component={RouterLink} to="/connections" variant="contained">
            {t("simulator.noConnection.action")}
          </Button>
        </EmptyState>
      </MainContainer>
    );
  }

  const pickCustomer = (next: Customer) => {
    setCustomer(next);
    setTarget({ kind: "private", id: next.number });
  };
  const customers = chats.data?.customers ?? [];
  const groups = chats.data?.groups ?? [];
  const selectedGroup = target.kind === "group" ? target.id : null;

  return (
    <MainContainer>
      {header}
      <Alert severity="info" icon={<PhonelinkRingOutlinedIcon />}>
        {/* Three steps, one per line: as one paragraph they ran together on a phone. */}
        <Box component="ol" sx={{ m: 0, pl: 2.5, display: "grid", gap: 0.5 }}>
          <li>{t("simulator.intro.connection")}</li>
          <li>{t("simulator.intro.customer")}</li>
          <li>{t("simulator.intro.send")}</li>
        </Box>
      </Alert>
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "1fr", md: "minmax(280px, 340px) 1fr" },
          // Side by side, the two columns share the screen's height and scroll apart; stacked on a
          // phone, the steps and the chat take their own heights and the page scrolls (a shared
          // height squeezed the steps' row, and the chat was drawn over them).
          flex: { md: 1 },
          minHeight: { md: 0 },
        }}
      >
        <Stack spacing={2} sx={{ overflowY: { md: "auto" }, minHeight: { md: 0 }, pr: { md: 0.5 } }}>
          <ConnectionStep
            connections={simulated}
            selected={selected}
            onSelect={(id) => setParams({ whatsappId: String(id) }, { replace: true })}
          />

          <Step index={2} title={t("simulator.steps.customer")}>
            <Stack spacing={1.5}>
              <TextField
                size="small"
                id="simulator-customer-number"
                label={t("simulator.customer.number")}
                value={customer.number}
                onChange={(event) => setCustomer({ ...customer, number: onlyDigits(event.target.value) })}
                error={!customerValid}
                helperText={t("simulator.customer.numberHelp")}
                slotProps={{ htmlInput: { inputMode: "tel", maxLength: 20 } }}
              />
              <TextField
                size="small"
                id="simulator-customer-name"
                label={t("simulator.customer.name")}
                value={customer.name}
                onChange={(event) => setCustomer({ ...customer, name: event.target.value.slice(0, 100) })}
              />
              <Button
                size="small"
                startIcon={<AddIcon />}
                onClick={() => pickCustomer({ number: randomCustomerNumber(), name: "" })}
                sx={{ alignSelf: "flex-start" }}
              >
                {t("simulator.buttons.newCustomer")}
              </Button>
              {customers.length > 0 ? (
                <>
                  <Typography variant="overline" color="text.secondary">
                    {t("simulator.customer.known")}
                  </Typography>
                  <List dense disablePadding sx={{ maxHeight: 220, overflowY: "auto" }}>
                    {customers.map((item) => (
                      <ListItemButton
                        key={item.number}
                        selected={target.kind === "private" && item.number === customer.number}
                        onClick={() => pickCustomer({ number: item.number, name: item.name ?? "" })}
                        sx={{ borderRadius: 1 }}
                      >
                        <ListItemIcon sx={{ minWidth: 32 }}>
                          <PersonOutlineIcon fontSize="small" />
                        </ListItemIcon>
                        <ListItemText
                          primary={item.name || item.number}
                          secondary={`${item.number} · ${formatRelativeDay(item.lastAt)}`}
                        />
                      </ListItemButton>
                    ))}
                  </List>
                </>
              ) : null}
            </Stack>
          </Step>

          <Step index={3} title={t("simulator.steps.where")}>
            <Stack spacing={1}>
              <List dense disablePadding>
                <ListItemButton
                  selected={target.kind === "private"}
                  onClick={() => setTarget({ kind: "private", id: customer.number })}
                  sx={{ borderRadius: 1 }}
                >
                  <ListItemIcon sx={{ minWidth: 32 }}>
                    <PersonOutlineIcon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={t("simulator.where.private")} />
                </ListItemButton>
                {groups.map((group) => (
                  <ListItemButton
                    key={group.id}
                    selected={selectedGroup === group.id}
                    onClick={() => setTarget({ kind: "group", id: group.id, groupName: group.name })}
                    sx={{ borderRadius: 1 }}
                  >
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      <GroupsOutlinedIcon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={group.name} secondary={group.id} />
                  </ListItemButton>
                ))}
                {target.kind === "group" && !groups.some((group) => group.id === target.id) ? (
                  <ListItemButton selected sx={{ borderRadius: 1 }}>
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      <GroupsOutlinedIcon fontSize="small" />
                    </ListItemIcon>
                    <ListItemText primary={target.groupName} secondary={t("simulator.where.newGroupHint")} />
                  </ListItemButton>
                ) : null}
              </List>
              <Stack
                direction="row"
                spacing={1}
                component="form"
                onSubmit={(event) => {
                  event.preventDefault();
                  const name = groupName.trim();
                  if (!name) return;
                  setTarget({ kind: "group", id: randomGroupId(), groupName: name });
                  setGroupName("");
                }}
              >
                <TextField
                  size="small"
                  label={t("simulator.where.groupName")}
                  value={groupName}
                  onChange={(event) => setGroupName(event.target.value.slice(0, 100))}
                  fullWidth
                />
                <Button type="submit" startIcon={<GroupAddOutlinedIcon />} disabled={!groupName.trim()}>
                  {t("simulator.buttons.createGroup")}
                </Button>
              </Stack>
            </Stack>
          </Step>
        </Stack>

        <Box sx={{ minHeight: { xs: 480, md: 0 }, display: "flex", flexDirection: "column" }}>
          <SimulatorChat
            key={whatsappId}
            whatsappId={whatsappId}
            connected={selected.status === "CONNECTED"}
            customer={customer}
            customerValid={customerValid}
            target={target}
          />
        </Box>
      </Box>
    </MainContainer>
  );
}
