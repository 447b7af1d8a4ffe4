import { ERRORS, type ErrorCode } from "@atendo/shared";

/** The one error class services throw: a spec code, and the status that goes with it. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly details: {
      message?: string;
      data?: Record<string, unknown>;
      fields?: { path: string; message: string }[];
    } = {},
  ) {
    super(details.message ?? code);
    this.status = ERRORS[code];
  }
}

export const notFound = (code: ErrorCode = "ERR_NOT_FOUND") => new AppError(code);
