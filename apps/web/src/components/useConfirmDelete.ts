import { TOAST_DURATION_MS } from "@atendo/shared";
import { useCallback, useState } from "react";
import { toast } from "react-toastify";
import { toastError } from "../api/client";

/**
 * The delete flow of a list page: `ask(row)` opens the confirmation, `confirm` deletes
 * (`remove` calls the API and updates the cache), then toasts `deletedMessage`, or the error.
 * A `remove` that answers a non-empty text (the server's own message) has that toasted instead.
 * The row stays in `target` while the confirmation closes, so its title does not blink.
 * Spread `dialog` on a `ConfirmationModal`.
 */
export function useConfirmDelete<T>(remove: (row: T) => Promise<unknown>, deletedMessage: string) {
  const [target, setTarget] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const ask = useCallback((row: T) => {
    setTarget(row);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const confirm = async () => {
    if (target === null) return;
    try {
      const answered = await remove(target);
      toast.success(typeof answered === "string" && answered ? answered : deletedMessage, {
        autoClose: TOAST_DURATION_MS,
      });
    } catch (err) {
      toastError(err);
    }
  };
  return { target, ask, dialog: { open, onClose: close, onConfirm: confirm } };
}
