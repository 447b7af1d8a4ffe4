import { z } from "zod";

export const _queue_optionsPlaceholder = z.never();
