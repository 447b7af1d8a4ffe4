import "react-big-calendar/lib/css/react-big-calendar.css";
import "dayjs/locale/pt-br";
import "dayjs/locale/es";
import { companyEvent, isScheduleFinal, mayChangeSchedule, type Schedule } from "@atendo/shared";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutlineOutlined";
import ScheduleIcon from "@mui/icons-material/Schedule";
import VisibilityOutlinedIcon from "@mui/icons-material/VisibilityOutlined";
import { alpha, Box, IconButton, LinearProgress, Paper, Tooltip, Typography, useTheme } from "@mui/material";
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
import {
  Calendar,
  type DateHeaderProps,
  dayjsLocalizer,
  type EventProps,
  type Formats,
  type Messages,
} from "react-big-calendar";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { toastError } from "../../api/client";
import { useSession } from "../../app/session";
import { ConfirmationModal, ListPageHeader, MainContainer, useConfirmDelete } from "../../components";
import { useSocketEvent } from "../../realtime/socket";
import { formatTime } from "../../utils/date";
import {
  CALENDAR_VIEWS,
  type CalendarView,
  countByDay,
  dayKey,
  rangeOf,
  type ScheduleEvent,
  toCalendarEvents,
} from "./calendar";
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

/** How many schedules each day holds, for the month's day headers. */
const DayCounts = createContext<ReadonlyMap<string, number>>(new Map());

/** A month chip at most this wide stacks its time, name and icons on three lines. */
const STACKED_NARROW_MAX_PX = 110;

/** From this many schedules a month day shows its count: more than its cell may show at once. */
const DAY_COUNT_FROM = 3;

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
  const dayCounts = useMemo(() => countByDay(events), [events]);

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
  // The week and day views open an hour before now, where the next sends are.
  const scrollToTime = useMemo(() => {
    const now = new Date();
    return new Date(now.getFullYear(), now.getMonth(), now.getDate(), Math.max(0, now.getHours() - 1));
  }, []);
  const culture = CULTURES[(i18n.resolvedLanguage ?? "pt") as keyof typeof CULTURES] ?? CULTURES.pt;
  const empty = !schedules.isFetching && schedules.isSuccess && events.length === 0;

  return (
    <MainContainer>
      <ListPageHeader
        title={t("schedules.title")}
        subtitle={t("schedules.subtitle")}
        primary={{
          label: t("schedules.buttons.add"),
          onClick: () => setModal({ open: true, id: null, contactId: null }),
        }}
      />

      <Paper
        variant="outlined"
        sx={{
          flex: 1,
          minHeight: 560,
          display: "flex",
          flexDirection: "column",
          position: "relative",
          // A phone's month cells get the room the padding would take.
          p: { xs: 1, sm: 2 },
        }}
      >
        <Box sx={{ position: "absolute", top: 0, left: 0, right: 0 }}>
          {schedules.isFetching ? <LinearProgress aria-label={t("schedules.loading")} /> : null}
        </Box>
        <CalendarFrame>
          <ScheduleHandlers.Provider value={handlers}>
            <DayCounts.Provider value={dayCounts}>
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
                showAllEvents
                dayLayoutAlgorithm="no-overlap"
                scrollToTime={scrollToTime}
                style={{ height: "100%" }}
              />
            </DayCounts.Provider>
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
        // Days of the next and last months: told apart by their shaded cells, with numbers still at 4.5:1.
        "& .rbc-off-range": { color: theme.palette.text.secondary },
        "& .rbc-today": { backgroundColor: alpha(theme.palette.primary.main, 0.12) },
        "& .rbc-toolbar": { flexWrap: "wrap", gap: 1 },
        "& .rbc-header": { textTransform: "capitalize" },
        "& .rbc-month-header .rbc-header": { py: 0.5 },
        // Every schedule has a time: no all-day row, and the event draws its own time.
        "& .rbc-allday-cell, & .rbc-event-label": { display: "none" },
        // A month's week scrolls when its busiest day holds more than fit (showAllEvents); the
        // calendar hides that scrollbar, which would hide the schedules below it.
        "& .rbc-row-content-scrollable .rbc-row-content-scroll-container": { scrollbarWidth: "thin" },
        "& .rbc-row-content-scrollable .rbc-row-content-scroll-container::-webkit-scrollbar": {
          display: "block",
          width: 6,
        },
        "& .rbc-row-content-scrollable .rbc-row-content-scroll-container::-webkit-scrollbar-thumb": {
          backgroundColor: theme.palette.action.disabled,
          borderRadius: 3,
        },
        "& .rbc-event-content, & .rbc-agenda-event-cell": { whiteSpace: "normal" },
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
        [theme.breakpoints.down("sm")]: { "& .rbc-month-view .rbc-event": { padding: "1px 2px" } },
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
          border: "none",
          borderLeft: `4px solid ${tone.main}`,
        },
      };
    },
    [theme],
  );
}

/**
 * One schedule on the calendar: its state, time and contact, and the edit (or view) and delete
 * icons. "stacked" fits a month cell (two lines), "inline" a week or day slot (one line),
 * "wide" the agenda's row (with the message and a failure's reason).
 */
function ScheduleEventView({ event, layout }: EventProps<ScheduleEvent> & { layout: "stacked" | "inline" | "wide" }) {
  const { t } = useTranslation();
  const handlers = useContext(ScheduleHandlers);
  const { user } = useSession();
  const failureReason = useFailureReason();
  const { schedule } = event;
  const viewOnly = isScheduleFinal(schedule) || !mayChangeSchedule(user, schedule);
  const mayDelete = mayChangeSchedule(user, schedule);
  const state =
    schedule.status === "ERRO"
      ? t("schedules.failed", { reason: failureReason(schedule.errorCode) })
      : t(`schedules.status.${schedule.status}`);
  const stop = (action: () => void) => (click: MouseEvent) => {
    // The event itself opens the dialog too: one click, one dialog.
    click.stopPropagation();
    action();
  };

  const stateIcon = (
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
  );
  // The week and day grids place an event at its time already; the agenda has a time column.
  const time =
    layout !== "stacked" ? null : (
      <Typography variant="caption" sx={{ fontWeight: 600, flexShrink: 0, lineHeight: "16px" }}>
        {formatTime(schedule.sendAt)}
      </Typography>
    );
  const name = (
    <Typography
      variant="caption"
      noWrap
      title={schedule.body}
      sx={{ flex: 1, minWidth: 0, fontWeight: layout === "wide" ? 600 : 400 }}
    >
      {schedule.contact.name}
      {layout === "wide" ? (
        <Box component="span" sx={{ fontWeight: 400, color: "text.secondary" }}>
          {` — ${schedule.body}`}
        </Box>
      ) : null}
    </Typography>
  );
  const reason =
    layout === "wide" && schedule.status === "ERRO" ? (
      <Typography variant="caption" color="error" noWrap sx={{ flexShrink: 1, minWidth: 0, maxWidth: "45%" }}>
        {failureReason(schedule.errorCode)}
      </Typography>
    ) : null;
  const actions = (
    <>
      <Tooltip title={viewOnly ? t("schedules.buttons.view") : t("schedules.buttons.edit")}>
        <IconButton
          size="small"
          sx={{ p: "1px", color: "inherit" }}
          aria-label={viewOnly ? t("schedules.buttons.view") : t("schedules.buttons.edit")}
          onClick={stop(() => handlers.onEdit(schedule))}
        >
          {viewOnly ? <VisibilityOutlinedIcon sx={{ fontSize: 16 }} /> : <EditOutlinedIcon sx={{ fontSize: 16 }} />}
        </IconButton>
      </Tooltip>
      {mayDelete ? (
        <Tooltip title={t("schedules.buttons.delete")}>
          <IconButton
            size="small"
            sx={{ p: "1px", color: "inherit" }}
            aria-label={t("schedules.buttons.delete")}
            onClick={stop(() => handlers.onDelete(schedule))}
          >
            <DeleteOutlineIcon sx={{ fontSize: 16 }} />
          </IconButton>
        </Tooltip>
      ) : null}
    </>
  );
  const line = { display: "flex", alignItems: "center", gap: 0.5, minWidth: 0 } as const;

  if (layout === "stacked") {
    return (
      // The chip is its own container: its width, not the screen's, decides the layout, and a
      // month cell is narrow on a phone and beside the open drawer alike.
      <Box sx={{ minWidth: 0, containerType: "inline-size" }} data-testid={`schedule-event-${schedule.id}`}>
        <Box
          sx={{
            display: "grid",
            alignItems: "center",
            columnGap: 0.5,
            gridTemplateColumns: "auto minmax(0, 1fr) auto",
            gridTemplateAreas: '"state time actions" "name name name"',
            // Too narrow for the time, the name and three icons on two lines (a phone's cell
            // left the time 33 px under the icons): the time, then the name over up to two
            // lines, then the icons. The state still shows in the chip's colour.
            [`@container (max-width: ${STACKED_NARROW_MAX_PX}px)`]: {
              gridTemplateColumns: "minmax(0, 1fr)",
              gridTemplateAreas: '"time" "name" "actions"',
              "& [data-part=state]": { display: "none" },
              "& [data-part=name]": {
                whiteSpace: "normal",
                overflowWrap: "break-word",
                fontSize: 11,
                display: "-webkit-box",
                WebkitLineClamp: 2,
                WebkitBoxOrient: "vertical",
              },
            },
          }}
        >
          <Box data-part="state" sx={{ gridArea: "state", display: "flex" }}>
            {stateIcon}
          </Box>
          <Box sx={{ gridArea: "time", minWidth: 0, display: "flex" }}>{time}</Box>
          <Box sx={{ gridArea: "actions", display: "flex", justifyContent: "flex-end" }}>{actions}</Box>
          <Typography
            data-part="name"
            variant="caption"
            component="p"
            noWrap
            title={schedule.body}
            sx={{ gridArea: "name", lineHeight: "16px", minWidth: 0 }}
          >
            {schedule.contact.name}
          </Typography>
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={line} data-testid={`schedule-event-${schedule.id}`}>
      {stateIcon}
      {time}
      {name}
      {reason}
      {actions}
    </Box>
  );
}

const StackedEvent = (props: EventProps<ScheduleEvent>) => <ScheduleEventView {...props} layout="stacked" />;
const InlineEvent = (props: EventProps<ScheduleEvent>) => <ScheduleEventView {...props} layout="inline" />;
const WideEvent = (props: EventProps<ScheduleEvent>) => <ScheduleEventView {...props} layout="wide" />;

/**
 * A month day's number (a link to that day, as the calendar's own), with the day's count once it
 * holds more schedules than its cell may show: the week's row scrolls to the rest.
 */
function MonthDateHeader({ date, label, drilldownView, onDrillDown }: DateHeaderProps) {
  const { t } = useTranslation();
  const count = useContext(DayCounts).get(dayKey(date)) ?? 0;
  const text = t("schedules.dayCount", { count });
  return (
    <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 0.5 }}>
      {count >= DAY_COUNT_FROM ? (
        <Box
          component="span"
          title={text}
          aria-label={text}
          sx={{
            px: 0.75,
            borderRadius: 8,
            fontSize: 11,
            fontWeight: 700,
            lineHeight: "16px",
            bgcolor: "primary.main",
            color: "primary.contrastText",
          }}
        >
          {count}
        </Box>
      ) : (
        <span />
      )}
      {drilldownView ? (
        <button type="button" className="rbc-button-link" onClick={onDrillDown}>
          {label}
        </button>
      ) : (
        <span>{label}</span>
      )}
    </Box>
  );
}

/** Each view draws a schedule its own way (see ScheduleEventView). */
const CALENDAR_COMPONENTS = {
  month: { event: StackedEvent, dateHeader: MonthDateHeader },
  week: { event: InlineEvent },
  day: { event: InlineEvent },
  agenda: { event: WideEvent },
};
