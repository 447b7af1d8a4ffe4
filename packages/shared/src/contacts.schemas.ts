import { z } from "zod";

export const _contactsPlaceholder = z.never();
