import type { FlowNodeType } from "@atendo/shared";
import type { SvgIconComponent } from "@mui/icons-material";
import AccessTimeIcon from "@mui/icons-material/AccessTime";
import AltRouteIcon from "@mui/icons-material/AltRoute";
import AudiotrackIcon from "@mui/icons-material/Audiotrack";
import CallSplitIcon from "@mui/icons-material/CallSplit";
import ConfirmationNumberIcon from "@mui/icons-material/ConfirmationNumber";
import DynamicFeedIcon from "@mui/icons-material/DynamicFeed";
import HelpOutlineIcon from "@mui/icons-material/HelpOutlined";
import ImageIcon from "@mui/icons-material/Image";
import LibraryBooksIcon from "@mui/icons-material/LibraryBooks";
import MessageIcon from "@mui/icons-material/Message";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import PsychologyIcon from "@mui/icons-material/Psychology";
import SmartToyIcon from "@mui/icons-material/SmartToy";
import VideocamIcon from "@mui/icons-material/Videocam";

/** Each node type's icon and colour, shared by its card and the floating menu. */
export const NODE_LOOKS: Record<FlowNodeType, { icon: SvgIconComponent; color: string }> = {
  start: { icon: PlayArrowIcon, color: "#2e7d32" },
  message: { icon: MessageIcon, color: "#6865a5" },
  interval: { icon: AccessTimeIcon, color: "#f7953b" },
  condition: { icon: AltRouteIcon, color: "#5c6bc0" },
  menu: { icon: DynamicFeedIcon, color: "#683ac8" },
  img: { icon: ImageIcon, color: "#6865a5" },
  audio: { icon: AudiotrackIcon, color: "#6865a5" },
  video: { icon: VideocamIcon, color: "#6865a5" },
  randomizer: { icon: CallSplitIcon, color: "#1fbade" },
  ticket: { icon: ConfirmationNumberIcon, color: "#f7953b" },
  singleBlock: { icon: LibraryBooksIcon, color: "#ec5858" },
  typebot: { icon: SmartToyIcon, color: "#3aba38" },
  openai: { icon: PsychologyIcon, color: "#0e8a6c" },
  question: { icon: HelpOutlineIcon, color: "#e05d00" },
};
