import { z } from "zod";

export const _quick_messagesPlaceholder = z.never();
