import { z } from "zod";

export const _tagsPlaceholder = z.never();
