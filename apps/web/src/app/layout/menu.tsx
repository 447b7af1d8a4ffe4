import { can, type Plan, type SessionUser } from "@atendo/shared";
import AccountTreeOutlinedIcon from "@mui/icons-material/AccountTreeOutlined";
import AnnouncementOutlinedIcon from "@mui/icons-material/AnnouncementOutlined";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import CampaignOutlinedIcon from "@mui/icons-material/CampaignOutlined";
import CodeIcon from "@mui/icons-material/Code";
import ContactPhoneOutlinedIcon from "@mui/icons-material/ContactPhoneOutlined";
import DashboardOutlinedIcon from "@mui/icons-material/DashboardOutlined";
import DeviceHubOutlinedIcon from "@mui/icons-material/DeviceHubOutlined";
import EventAvailableIcon from "@mui/icons-material/EventAvailable";
import FlashOnIcon from "@mui/icons-material/FlashOn";
import HelpOutlineIcon from "@mui/icons-material/HelpOutlined";
import ListIcon from "@mui/icons-material/List";
import LocalAtmIcon from "@mui/icons-material/LocalAtm";
import LocalOfferOutlinedIcon from "@mui/icons-material/LocalOfferOutlined";
import PeopleIcon from "@mui/icons-material/People";
import PeopleAltOutlinedIcon from "@mui/icons-material/PeopleAltOutlined";
import PhonelinkRingOutlinedIcon from "@mui/icons-material/PhonelinkRingOutlined";
import PsychologyOutlinedIcon from "@mui/icons-material/PsychologyOutlined";
import SettingsOutlinedIcon from "@mui/icons-material/SettingsOutlined";
import ShapeLineOutlinedIcon from "@mui/icons-material/ShapeLineOutlined";
import SyncAltIcon from "@mui/icons-material/SyncAlt";
import TaskAltIcon from "@mui/icons-material/TaskAlt";
import ViewKanbanOutlinedIcon from "@mui/icons-material/ViewKanbanOutlined";
import WhatsAppIcon from "@mui/icons-material/WhatsApp";
import type { ReactNode } from "react";
import { ChatsMenuIcon } from "../../modules/chats/ChatsMenuIcon";

export interface MenuLink {
  /** Stable id, used for data-testid="menu-{id}". */
  id: string;
  to: string;
  labelKey: string;
  icon: ReactNode;
  /** Extra marker: the connections alert. */
  badge?: "connections";
}

export interface MenuGroup {
  id: string;
  labelKey: string;
  icon: ReactNode;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export function isGroup(entry: MenuEntry): entry is MenuGroup {
  return "children" in entry;
}

interface MenuContext {
  user: SessionUser;
  plan: Plan | undefined;
  campaignsEntry: boolean;
  /** The server runs the simulator (GET /simulator/status): its page gets an entry. */
  simulator?: boolean;
}

const l = (key: string) => `mainDrawer.listItems.${key}`;

/** Entries everyone sees (plan flags permitting). */
export function mainEntries({ user, plan, simulator }: MenuContext): MenuEntry[] {
  const entries: (MenuEntry | false)[] = [
    can(user.profile, "dashboard:view") && {
      id: "dashboard",
      to: "/",
      labelKey: l("dashboard"),
      icon: <DashboardOutlinedIcon />,
    },
    { id: "tickets", to: "/tickets", labelKey: l("tickets"), icon: <WhatsAppIcon /> },
    { id: "quick-messages", to: "/quick-messages", labelKey: l("quickMessages"), icon: <FlashOnIcon /> },
    Boolean(plan?.useKanban) && {
      id: "kanban",
      to: "/kanban",
      labelKey: l("kanban"),
      icon: <ViewKanbanOutlinedIcon />,
    },
    { id: "contacts", to: "/contacts", labelKey: l("contacts"), icon: <ContactPhoneOutlinedIcon /> },
    { id: "schedules", to: "/schedules", labelKey: l("schedules"), icon: <EventAvailableIcon /> },
    { id: "tags", to: "/tags", labelKey: l("tags"), icon: <LocalOfferOutlinedIcon /> },
    { id: "chats", to: "/chats", labelKey: l("chats"), icon: <ChatsMenuIcon /> },
    { id: "todolist", to: "/todolist", labelKey: l("tasks"), icon: <TaskAltIcon /> },
    { id: "helps", to: "/helps", labelKey: l("helps"), icon: <HelpOutlineIcon /> },
    Boolean(simulator) && {
      id: "simulator",
      to: "/simulator",
      labelKey: l("simulator"),
      icon: <PhonelinkRingOutlinedIcon />,
    },
  ];
  return entries.filter((entry): entry is MenuEntry => Boolean(entry));
}

/** The Administration group: admins only (drawer-admin-items:view). */
export function adminEntries({ user, plan, campaignsEntry }: MenuContext): MenuEntry[] {
  if (!can(user.profile, "drawer-admin-items:view")) return [];
  const campaigns = Boolean(plan?.useCampaigns) && campaignsEntry;
  const entries: (MenuEntry | false)[] = [
    campaigns && {
      id: "campaigns",
      labelKey: l("campaigns"),
      icon: <CampaignOutlinedIcon />,
      children: [
        { id: "campaigns-list", to: "/campaigns", labelKey: l("campaignsList"), icon: <ListIcon /> },
        { id: "contact-lists", to: "/contact-lists", labelKey: l("contactLists"), icon: <PeopleIcon /> },
        {
          id: "campaigns-config",
          to: "/campaigns-config",
          labelKey: l("campaignsConfig"),
          icon: <SettingsOutlinedIcon />,
        },
      ],
    },
    campaigns && {
      id: "flows",
      labelKey: l("flows"),
      icon: <AccountTreeOutlinedIcon />,
      children: [
        { id: "phrase-lists", to: "/phrase-lists", labelKey: l("flowsCampaign"), icon: <CampaignOutlinedIcon /> },
        { id: "flowbuilders", to: "/flowbuilders", labelKey: l("flowsConversation"), icon: <ShapeLineOutlinedIcon /> },
      ],
    },
    user.super && {
      id: "announcements",
      to: "/announcements",
      labelKey: l("annoucements"),
      icon: <AnnouncementOutlinedIcon />,
    },
    Boolean(plan?.useExternalApi) && {
      id: "messages-api",
      to: "/messages-api",
      labelKey: l("messagesAPI"),
      icon: <CodeIcon />,
    },
    { id: "users", to: "/users", labelKey: l("users"), icon: <PeopleAltOutlinedIcon /> },
    { id: "queues", to: "/queues", labelKey: l("queues"), icon: <AccountTreeOutlinedIcon /> },
    Boolean(plan?.useOpenAi) && {
      id: "prompts",
      to: "/prompts",
      labelKey: l("prompts"),
      icon: <PsychologyOutlinedIcon />,
    },
    Boolean(plan?.useIntegrations) && {
      id: "queue-integration",
      to: "/queue-integration",
      labelKey: l("queueIntegration"),
      icon: <DeviceHubOutlinedIcon />,
    },
    { id: "connections", to: "/connections", labelKey: l("connections"), icon: <SyncAltIcon />, badge: "connections" },
    { id: "files", to: "/files", labelKey: l("files"), icon: <AttachFileIcon /> },
    { id: "financeiro", to: "/financeiro", labelKey: l("financeiro"), icon: <LocalAtmIcon /> },
    { id: "settings", to: "/settings", labelKey: l("settings"), icon: <SettingsOutlinedIcon /> },
  ];
  return entries.filter((entry): entry is MenuEntry => Boolean(entry));
}
