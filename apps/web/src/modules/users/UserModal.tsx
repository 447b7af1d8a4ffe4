import {
  type AllTicket,
  can,
  FORM_SUBMIT_DELAY_MS,
  PROFILES,
  type Profile,
  type QueueSummary,
  TOAST_DURATION_MS,
  type User,
  UserForm,
} from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  useTheme,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Controller, type FieldError, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { z } from "zod";
import { toastError } from "../../api/client";
import { useSession } from "../../app/session";
import { Loading } from "../../components/Loading";
import { PasswordTextField } from "../../components/PasswordTextField";
import { SubmitButton } from "../../components/SubmitButton";
import {
  type ConnectionOption,
  type CreateUserPayload,
  connectionsKey,
  createUser,
  fetchConnectionOptions,
  fetchQueues,
  fetchUser,
  queuesKey,
  type UpdateUserPayload,
  updateUser,
  usersKeys,
} from "./usersApi";

export interface UserModalProps {
  open: boolean;
  onClose: () => void;
  /** The user to edit; absent or null to add a new one. */
  userId?: number | null;
  /** Called with the saved user, after the success toast and before the modal closes. */
  onSaved?: (user: User) => void;
}

const EMPTY_FORM: UserForm = {
  name: "",
  email: "",
  password: "",
  profile: "user",
  allTicket: "desabled",
  whatsappId: null,
  queueIds: [],
};

/** Profiles the form offers (document 1: Admin or User); another stored profile stays selectable. */
const OFFERED_PROFILES: readonly Profile[] = ["admin", "user"];

/**
 * The shared UserForm with "required" for empty name and email, and a
 * password required on create, optional (blank keeps it) on edit.
 */
export function userFormSchema(editing: boolean): z.ZodType<UserForm, UserForm> {
  return UserForm.extend({
    name: z.string().trim().min(1, "required").pipe(UserForm.shape.name),
    email: z.string().trim().min(1, "required").pipe(UserForm.shape.email),
    password: editing ? UserForm.shape.password : z.string().min(1, "required").pipe(UserForm.shape.password),
  });
}

function toFormValues(user: User): UserForm {
  return {
    name: user.name,
    email: user.email,
    password: "",
    profile: user.profile,
    allTicket: user.allTicket,
    whatsappId: user.whatsappId,
    queueIds: user.queues.map((queue) => queue.id),
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Add/edit dialog for a user. The users page and the top-bar profile entry
 * both use it; profile, queues, default connection and allTicket are only
 * shown to those allowed to edit them (admins).
 */
export function UserModal({ open, onClose, userId, onSaved }: UserModalProps) {
  const { t } = useTranslation();
  const editing = userId !== undefined && userId !== null;
  const busy = useRef(false);

  const userQuery = useQuery({
    queryKey: usersKeys.detail(userId ?? 0),
    queryFn: ({ signal }) => fetchUser(userId!, signal),
    enabled: open && editing,
    // Always edit what the server has now, never a copy from an earlier opening.
    staleTime: 0,
    gcTime: 0,
  });

  // A user that cannot be loaded cannot be edited: the error was toasted, close.
  const failed = open && editing && userQuery.isError;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);

  const close = () => {
    if (!busy.current) onClose();
  };

  const ready = !editing || (userQuery.isSuccess && !userQuery.isFetching);

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth scroll="paper" aria-labelledby="user-modal-title">
      <DialogTitle id="user-modal-title">{editing ? t("userModal.title.edit") : t("userModal.title.add")}</DialogTitle>
      {ready ? (
        <UserFormBody
          key={editing ? `edit-${userId}` : "new"}
          userId={editing ? userId : null}
          initial={editing && userQuery.data ? userQuery.data : null}
          onCancel={close}
          onDone={onClose}
          onSaved={onSaved}
          onBusyChange={(value) => {
            busy.current = value;
          }}
        />
      ) : (
        <DialogContent dividers>
          <Loading />
        </DialogContent>
      )}
    </Dialog>
  );
}

interface UserFormBodyProps {
  userId: number | null;
  initial: User | null;
  onCancel: () => void;
  onDone: () => void;
  onSaved?: (user: User) => void;
  onBusyChange: (busy: boolean) => void;
}

function useFieldError() {
  const { t, i18n } = useTranslation();
  return (error: FieldError | undefined): string | undefined => {
    if (!error?.message) return undefined;
    const key = `validation.${error.message}`;
    return i18n.exists(key) ? t(key) : error.message;
  };
}

/** A readable text colour on a queue's colour; unknown colour strings fall back to the theme. */
function useChipColors() {
  const theme = useTheme();
  return (color: string) => {
    try {
      return { bgcolor: color, color: theme.palette.getContrastText(color) };
    } catch {
      return {};
    }
  };
}

function UserFormBody({ userId, initial, onCancel, onDone, onSaved, onBusyChange }: UserFormBodyProps) {
  const { t } = useTranslation();
  const { user: sessionUser } = useSession();
  const fieldError = useFieldError();
  const chipColors = useChipColors();
  const editing = userId !== null;
  const canEditProfile = can(sessionUser?.profile, "user-modal:editProfile");
  const canEditQueues = can(sessionUser?.profile, "user-modal:editQueues");

  const queuesQuery = useQuery({
    queryKey: queuesKey,
    queryFn: ({ signal }) => fetchQueues(signal),
    enabled: canEditQueues,
  });
  const connectionsQuery = useQuery({
    queryKey: connectionsKey,
    queryFn: ({ signal }) => fetchConnectionOptions(signal),
    enabled: canEditProfile,
    meta: { silent: true },
    retry: false,
  });

  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<UserForm>({
    resolver: zodResolver(userFormSchema(editing)),
    defaultValues: initial ? toFormValues(initial) : EMPTY_FORM,
  });

  useEffect(() => {
    onBusyChange(isSubmitting);
  }, [isSubmitting, onBusyChange]);

  // The user's own queues stay visible even when the queue list is not loaded.
  const queueOptions: QueueSummary[] = [...(queuesQuery.data ?? [])];
  for (const queue of initial?.queues ?? []) {
    if (!queueOptions.some((option) => option.id === queue.id)) queueOptions.push(queue);
  }
  const connectionOptions: ConnectionOption[] = [...(connectionsQuery.data ?? [])];
  if (initial?.whatsappId && !connectionOptions.some((option) => option.id === initial.whatsappId)) {
    connectionOptions.push({ id: initial.whatsappId, name: `#${initial.whatsappId}` });
  }
  const profileOptions = PROFILES.filter(
    (profile) => OFFERED_PROFILES.includes(profile) || profile === initial?.profile,
  );

  const save = (values: UserForm): Promise<User> => {
    const adminFields = {
      ...(canEditProfile
        ? { profile: values.profile, allTicket: values.allTicket, whatsappId: values.whatsappId }
        : {}),
      ...(canEditQueues ? { queueIds: values.queueIds } : {}),
    };
    if (userId !== null) {
      const body: UpdateUserPayload = {
        name: values.name,
        email: values.email,
        ...(values.password ? { password: values.password } : {}),
        ...adminFields,
      };
      return updateUser(userId, body);
    }
    const body: CreateUserPayload = {
      name: values.name,
      email: values.email,
      password: values.password,
      ...adminFields,
    };
    return createUser(body);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      // The button stays busy for at least the spec's submit delay, so a double click cannot resend.
      const [saved] = await Promise.all([save(values), delay(FORM_SUBMIT_DELAY_MS)]);
      toast.success(t("userModal.success"), { autoClose: TOAST_DURATION_MS });
      onBusyChange(false);
      onSaved?.(saved);
      onDone();
    } catch (err) {
      toastError(err);
    }
  });

  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="user-modal-title"
      sx={{ display: "flex", flexDirection: "column", flex: "1 1 auto", minHeight: 0 }}
    >
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <TextField
              {...register("name")}
              id="user-name"
              label={t("userModal.form.name")}
              autoFocus
              required
              fullWidth
              autoComplete="off"
              error={Boolean(errors.name)}
              helperText={fieldError(errors.name)}
            />
            <PasswordTextField
              {...register("password")}
              id="user-password"
              label={t("userModal.form.password")}
              required={!editing}
              fullWidth
              autoComplete="new-password"
              error={Boolean(errors.password)}
              helperText={fieldError(errors.password) ?? (editing ? t("userModal.form.passwordKeep") : undefined)}
              toggleLabels={{ show: t("userModal.form.showPassword"), hide: t("userModal.form.hidePassword") }}
            />
          </Stack>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <TextField
              {...register("email")}
              id="user-email"
              label={t("userModal.form.email")}
              type="email"
              required
              fullWidth
              autoComplete="off"
              error={Boolean(errors.email)}
              helperText={fieldError(errors.email)}
            />
            {canEditProfile ? (
              <Controller
                name="profile"
                control={control}
                render={({ field }) => (
                  <TextField
                    select
                    id="user-profile"
                    label={t("userModal.form.profile")}
                    fullWidth
                    name={field.name}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value as Profile)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                  >
                    {profileOptions.map((profile) => (
                      <MenuItem key={profile} value={profile}>
                        {t(`users.profiles.${profile}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            ) : null}
          </Stack>
          {canEditQueues ? (
            <Controller
              name="queueIds"
              control={control}
              render={({ field }) => (
                <TextField
                  select
                  id="user-queues"
                  label={t("userModal.form.queues")}
                  fullWidth
                  name={field.name}
                  value={field.value}
                  onChange={(event) => {
                    const value = event.target.value as unknown;
                    const ids = Array.isArray(value) ? value : String(value).split(",");
                    field.onChange(ids.map(Number).filter((id) => Number.isInteger(id) && id > 0));
                  }}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  helperText={
                    queuesQuery.isSuccess && queueOptions.length === 0 ? t("userModal.form.noQueues") : undefined
                  }
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (selected) => (
                        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
                          {(selected as number[]).map((id) => {
                            const queue = queueOptions.find((option) => option.id === id);
                            return (
                              <Chip
                                key={id}
                                size="small"
                                label={queue?.name ?? `#${id}`}
                                sx={queue ? chipColors(queue.color) : undefined}
                              />
                            );
                          })}
                        </Box>
                      ),
                    },
                  }}
                >
                  {queueOptions.map((queue) => (
                    <MenuItem key={queue.id} value={queue.id}>
                      <Checkbox size="small" checked={field.value.includes(queue.id)} sx={{ mr: 1, p: 0.5 }} />
                      <Box
                        aria-hidden
                        sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: queue.color, mr: 1, flexShrink: 0 }}
                      />
                      <ListItemText primary={queue.name} />
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          ) : null}
          {canEditProfile ? (
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <Controller
                name="whatsappId"
                control={control}
                render={({ field }) => (
                  <TextField
                    select
                    id="user-whatsapp"
                    label={t("userModal.form.whatsapp")}
                    fullWidth
                    name={field.name}
                    value={field.value === null ? "" : String(field.value)}
                    onChange={(event) => field.onChange(event.target.value === "" ? null : Number(event.target.value))}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    helperText={t("userModal.form.whatsappHelp")}
                    slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                  >
                    <MenuItem value="">
                      <em>{t("userModal.form.noWhatsapp")}</em>
                    </MenuItem>
                    {connectionOptions.map((connection) => (
                      <MenuItem key={connection.id} value={String(connection.id)}>
                        {connection.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                name="allTicket"
                control={control}
                render={({ field }) => (
                  <TextField
                    select
                    id="user-all-ticket"
                    label={t("userModal.form.allTicket")}
                    fullWidth
                    name={field.name}
                    value={field.value}
                    onChange={(event) => field.onChange(event.target.value as AllTicket)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    helperText={t("userModal.form.allTicketHelp")}
                  >
                    <MenuItem value="enabled">{t("userModal.form.allTicketEnabled")}</MenuItem>
                    <MenuItem value="desabled">{t("userModal.form.allTicketDisabled")}</MenuItem>
                  </TextField>
                )}
              />
            </Stack>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} color="inherit" disabled={isSubmitting}>
          {t("userModal.buttons.cancel")}
        </Button>
        <SubmitButton submitting={isSubmitting}>
          {editing ? t("userModal.buttons.save") : t("userModal.buttons.add")}
        </SubmitButton>
      </DialogActions>
    </Box>
  );
}

export default UserModal;
