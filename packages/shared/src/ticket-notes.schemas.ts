import { z } from "zod";

export const _ticket_notesPlaceholder = z.never();
