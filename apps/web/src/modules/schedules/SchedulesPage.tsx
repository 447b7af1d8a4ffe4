import "react-big-calendar/lib/css/react-big-calendar.css";
import "dayjs/locale/pt-br";
import "dayjs/locale/es";
import { companyEvent, isScheduleFinal, mayChangeSchedule, type Schedule } from "@atendo/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import ScheduleIcon from "@mui/icons-material/Schedule";
import VisibilityOutlinedIcon from "@mui/icons-material/VisibilityOutlined";
import { alpha, Box, Button, IconButton, LinearProgress, Paper, Tooltip, Typography, useTheme } from "@mui/material";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import {
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { Calendar, dayjsLocalizer, type EventProps, type Formats, type Messages } from "react-big-calendar";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { toastError } from "../../api/client";
import { useSession } from "../../app/session";
import {
  ConfirmationModal,
  MainContainer,
  MainHeader,
  MainHeaderButtonsWrapper,
  Title,
  useConfirmDelete,
} from "../../components";
import { useSocketEvent } from "../../realtime/socket";
import { formatTime } from "../../utils/date";
import { CALENDAR_VIEWS, type CalendarView, rangeOf, type ScheduleEvent, toCalendarEvents } from "./calendar";
import { ScheduleModal } from "./ScheduleModal";
import { deleteSchedule, fetchSchedulesInRange, schedulesKeys } from "./schedulesApi";
import { useFailureReason } from "./useFailureReason";

const localizer = dayjsLocalizer(dayjs);

/** dayjs's locale for each language of the app. */
const CULTURES = { pt: "pt-br", en: "en", es: "es" } as const;

/** Times as the spec writes them (HH:mm), whatever the language. */
const FORMATS: Formats = {
  timeGutterFormat: "HH:mm",
  agendaTimeFormat: "HH:mm",
  eventTimeRangeFormat: ({ start }) => formatTime(start),
  agendaTimeRangeFormat: ({ start }) => formatTime(start),
};

interface Handlers {
  onEdit: (schedule: Schedule) => void;
  onDelete: (schedule: Schedule) => void;
}

/** What an event's icons do: the page's dialogs, handed down past the calendar. */
const ScheduleHandlers = createContext<Handlers>({ onEdit: () => undefined, onDelete: () => undefined });

/**
 * /schedules (document 2): the company's schedules on a calendar, each at its sendAt with its
 * contact's name, its state, and edit and delete icons. `?contactId=` opens a new schedule for
 * that contact. Kept live by company-{id}-schedule.
 */
export default function SchedulesPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<CalendarView>("month");
  const [date, setDate] = useState(() => new Date());
  const [modal, setModal] = useState<{ open: boolean; id: number | null; contactId: number | null }>({
    open: false,
    id: null,
    contactId: null,
  });

  const range = useMemo(() => rangeOf(view, date), [view, date]);
  const schedules = useQuery({
    queryKey: schedulesKeys.range(range.start.toISOString(), range.end.toISOString()),
    queryFn: ({ signal }) => fetchSchedulesInRange(range.start, range.end, signal),
    // Moving to the next month keeps the current events on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (schedules.isError) toastError(schedules.error);
  }, [schedules.isError, schedules.error]);
  const events = useMemo(() => toCalendarEvents(schedules.data ?? []), [schedules.data]);

  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: schedulesKeys.ranges() }),
    [queryClient],
  );
  useSocketEvent(user ? companyEvent.schedule(user.companyId) : null, reload);

  // ?contactId= opens a new schedule for that contact; the parameter goes once it has been used.
  const contactParam = Number(params.get("contactId"));
  useEffect(() => {
    if (!Number.isInteger(contactParam) || contactParam <= 0) return;
    setModal({ open: true, id: null, contactId: contactParam });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("contactId");
        return next;
      },
      { replace: true },
    );
  }, [contactParam, setParams]);

  const deletion = useConfirmDelete(async (deleted: Schedule) => {
    await deleteSchedule(deleted.id);
    reload();
  }, t("schedules.toasts.deleted"));

  const handlers = useMemo<Handlers>(
    () => ({
      onEdit: (schedule) => setModal({ open: true, id: schedule.id, contactId: null }),
      onDelete: (schedule) => deletion.ask(schedule),
    }),
    [deletion.ask],
  );
  const closeModal = useCallback(() => setModal((current) => ({ ...current, open: false })), []);

  const messages = useMemo<Messages>(
    () => ({
      date: t("schedules.calendar.date"),
      time: t("schedules.calendar.time"),
      event: t("schedules.calendar.event"),
      allDay: t("schedules.calendar.allDay"),
      week: t("schedules.calendar.week"),
      work_week: t("schedules.calendar.work_week"),
      day: t("schedules.calendar.day"),
      month: t("schedules.calendar.month"),
      previous: t("schedules.calendar.previous"),
      next: t("schedules.calendar.next"),
      yesterday: t("schedules.calendar.yesterday"),
      tomorrow: t("schedules.calendar.tomorrow"),
      today: t("schedules.calendar.today"),
      agenda: t("schedules.calendar.agenda"),
      noEventsInRange: t("schedules.calendar.noEventsInRange"),
      showMore: (count: number) => t("schedules.calendar.showMore", { count }),
    }),
    [t],
  );

  const eventStyle = useEventStyle();
  const culture = CULTURES[(i18n.resolvedLanguage ?? "pt") as keyof typeof CULTURES] ?? CULTURES.pt;
  const empty = !schedules.isFetching && schedules.isSuccess && events.length === 0;

  return (
    <MainContainer>
      <MainHeader>
        <Title subtitle={t("schedules.subtitle")}>{t("schedules.title")}</Title>
        <MainHeaderButtonsWrapper>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setModal({ open: true, id: null, contactId: null })}
          >
            {t("schedules.buttons.add")}
          </Button>
        </MainHeaderButtonsWrapper>
      </MainHeader>

      <Paper
        variant="outlined"
        sx={{ flex: 1, minHeight: 560, display: "flex", flexDirection: "column", position: "relative", p: 2 }}
      >
        <Box sx={{ position: "absolute", top: 0, left: 0, right: 0 }}>
          {schedules.isFetching ? <LinearProgress aria-label={t("schedules.loading")} /> : null}
        </Box>
        <CalendarFrame>
          <ScheduleHandlers.Provider value={handlers}>
            <Calendar<ScheduleEvent>
              localizer={localizer}
              culture={culture}
              events={events}
              views={[...CALENDAR_VIEWS]}
              view={view}
              onView={(next) => setView(next as CalendarView)}
              date={date}
              onNavigate={setDate}
              startAccessor="start"
              endAccessor="end"
              titleAccessor="title"
              tooltipAccessor={null}
              messages={messages}
              formats={FORMATS}
              components={CALENDAR_COMPONENTS}
              eventPropGetter={eventStyle}
              onSelectEvent={(event) => handlers.onEdit(event.schedule)}
              popup
              style={{ height: "100%" }}
            />
          </ScheduleHandlers.Provider>
        </CalendarFrame>
        {empty ? (
          <Typography variant="body2" color="text.secondary" sx={{ pt: 1.5, textAlign: "center" }} role="status">
            {t("schedules.empty")}
          </Typography>
        ) : null}
      </Paper>

      <ScheduleModal open={modal.open} scheduleId={modal.id} contactId={modal.contactId} onClose={closeModal} />
      <ConfirmationModal
        {...deletion.dialog}
        title={
          deletion.target ? t("schedules.confirmationModal.deleteTitle", { name: deletion.target.contact.name }) : ""
        }
        confirmLabel={t("schedules.confirmationModal.deleteConfirm")}
      >
        {deletion.target?.sentAt
          ? t("schedules.confirmationModal.deleteSentMessage")
          : t("schedules.confirmationModal.deleteMessage")}
      </ConfirmationModal>
    </MainContainer>
  );
}

/** The calendar's stylesheet follows the theme (light and dark) and the product's font. */
function CalendarFrame({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const line = theme.palette.divider;
  return (
    <Box
      sx={{
        flex: 1,
        minHeight: 0,
        fontFamily: theme.typography.fontFamily,
        "& .rbc-month-view, & .rbc-time-view, & .rbc-agenda-view table.rbc-agenda-table": { borderColor: line },
        "& .rbc-header, & .rbc-month-row + .rbc-month-row, & .rbc-day-bg + .rbc-day-bg, & .rbc-time-content, & .rbc-time-header-content, & .rbc-timeslot-group, & .rbc-day-slot .rbc-time-slot, & .rbc-agenda-view table.rbc-agenda-table tbody > tr > td, & .rbc-agenda-view table.rbc-agenda-table thead > tr > th":
          { borderColor: line },
        "& .rbc-off-range-bg": { backgroundColor: theme.palette.action.hover },
        "& .rbc-off-range": { color: theme.palette.text.disabled },
        "& .rbc-today": { backgroundColor: alpha(theme.palette.primary.main, 0.12) },
        "& .rbc-toolbar": { flexWrap: "wrap", gap: 1 },
        "& .rbc-toolbar .rbc-toolbar-label": { ...theme.typography.h6, textTransform: "capitalize" },
        "& .rbc-toolbar button": {
          color: theme.palette.text.primary,
          borderColor: line,
          fontFamily: "inherit",
          cursor: "pointer",
        },
        "& .rbc-toolbar button:hover, & .rbc-toolbar button:focus-visible": {
          backgroundColor: theme.palette.action.hover,
        },
        "& .rbc-toolbar button.rbc-active": {
          backgroundColor: theme.palette.action.selected,
          color: theme.palette.text.primary,
          boxShadow: "none",
        },
        "& .rbc-show-more": { color: theme.palette.primary.dark, backgroundColor: "transparent" },
        "& .rbc-overlay": { backgroundColor: theme.palette.background.paper, borderColor: line },
        "& .rbc-agenda-view table.rbc-agenda-table tbody > tr": { backgroundColor: "transparent" },
        "& .rbc-agenda-event-cell": { py: 0.5 },
        "& .rbc-event, & .rbc-day-slot .rbc-background-event": { padding: "1px 4px" },
        "& .rbc-event:focus-visible": { outline: `2px solid ${theme.palette.text.primary}`, outlineOffset: 1 },
      }}
    >
      {children}
    </Box>
  );
}

/** An event's colours by its state: waiting in the primary tone, sent in green, failed in red. */
function useEventStyle() {
  const theme = useTheme();
  return useCallback(
    (event: ScheduleEvent) => {
      const tone =
        event.schedule.status === "ERRO"
          ? theme.palette.error
          : event.schedule.status === "ENVIADA"
            ? theme.palette.success
            : event.schedule.status === "ENVIANDO"
              ? theme.palette.info
              : theme.palette.primary;
      return {
        style: {
          backgroundColor: alpha(tone.main, theme.palette.mode === "light" ? 0.18 : 0.32),
          color: theme.palette.text.primary,
          border: `1px solid ${alpha(tone.main, 0.6)}`,
          borderLeft: `4px solid ${tone.main}`,
        },
      };
    },
    [theme],
  );
}

/** One schedule on the calendar: time, contact, state, and the edit and delete icons. */
function ScheduleEventView({ event }: EventProps<ScheduleEvent>) {
  const { t } = useTranslation();
  const handlers = useContext(ScheduleHandlers);
  const { user } = useSession();
  const failureReason = useFailureReason();
  const { schedule } = event;
  const final = isScheduleFinal(schedule);
  const mayChange = mayChangeSchedule(user, schedule);
  const state =
    schedule.status === "ERRO"
      ? t("schedules.failed", { reason: failureReason(schedule.errorCode) })
      : t(`schedules.status.${schedule.status}`);
  const stop = (action: () => void) => (click: MouseEvent) => {
    // The event itself opens the dialog too: one click, one dialog.
    click.stopPropagation();
    action();
  };

  return (
    <Box
      sx={{ display: "flex", alignItems: "center", gap: 0.5, minWidth: 0 }}
      data-testid={`schedule-event-${schedule.id}`}
    >
      <Tooltip title={state}>
        <Box component="span" sx={{ display: "inline-flex", flexShrink: 0 }} aria-label={state} role="img">
          {schedule.status === "ERRO" ? (
            <ErrorOutlineIcon sx={{ fontSize: 16 }} color="error" />
          ) : schedule.status === "ENVIADA" ? (
            <DoneAllIcon sx={{ fontSize: 16 }} color="success" />
          ) : (
            <ScheduleIcon sx={{ fontSize: 16 }} />
          )}
        </Box>
      </Tooltip>
      <Typography variant="caption" sx={{ fontWeight: 600, flexShrink: 0 }}>
        {formatTime(schedule.sendAt)}
      </Typography>
      <Typography variant="caption" noWrap sx={{ flex: 1, minWidth: 0 }} title={schedule.body}>
        {schedule.contact.name}
      </Typography>
      <Tooltip title={final || !mayChange ? t("schedules.buttons.view") : t("schedules.buttons.edit")}>
        <IconButton
          size="small"
          sx={{ p: 0.25 }}
          aria-label={final || !mayChange ? t("schedules.buttons.view") : t("schedules.buttons.edit")}
          onClick={stop(() => handlers.onEdit(schedule))}
        >
          {final || !mayChange ? (
            <VisibilityOutlinedIcon sx={{ fontSize: 16 }} />
          ) : (
            <EditOutlinedIcon sx={{ fontSize: 16 }} />
          )}
        </IconButton>
      </Tooltip>
      {mayChange ? (
        <Tooltip title={t("schedules.buttons.delete")}>
          <IconButton
            size="small"
            sx={{ p: 0.25 }}
            aria-label={t("schedules.buttons.delete")}
            onClick={stop(() => handlers.onDelete(schedule))}
          >
            <DeleteOutlineIcon sx={{ fontSize: 16 }} />
          </IconButton>
        </Tooltip>
      ) : null}
    </Box>
  );
}

/** The month, week and day views and the agenda draw every schedule the same way. */
const CALENDAR_COMPONENTS = { event: ScheduleEventView, agenda: { event: ScheduleEventView } };
