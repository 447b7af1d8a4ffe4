import { type AllTicket, can, PROFILES, type Profile, type User, UserForm } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { MenuItem, Stack, TextField } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { RequestBody } from "../../api/routes";
import { useSession } from "../../app/session";
import {
  PasswordTextField,
  QueueSelectField,
  RecordDialog,
  type RecordFormProps,
  RecordFormShell,
  useChipColors,
  useFieldMessage,
  withStoredQueues,
} from "../../components";
import {
  type ConnectionOption,
  connectionsKey,
  createUser,
  fetchConnectionOptions,
  fetchQueues,
  fetchUser,
  queuesKey,
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

/**
 * Add/edit dialog for a user. The users page and the top-bar profile entry
 * both use it; profile, queues, default connection and allTicket are only
 * shown to those allowed to edit them (admins).
 */
export function UserModal({ open, onClose, userId, onSaved }: UserModalProps) {
  const { t } = useTranslation();
  const recordId = userId ?? null;
  return (
    <RecordDialog
      open={open}
      onClose={onClose}
      recordId={recordId}
      detailKey={usersKeys.detail(recordId ?? 0)}
      fetchRecord={fetchUser}
      titleId="user-modal-title"
      titles={{ add: t("userModal.title.add"), edit: t("userModal.title.edit") }}
      successMessage={t("userModal.success")}
      maxWidth="sm"
      onSaved={onSaved}
    >
      {(form) => <UserFormBody {...form} userId={recordId} />}
    </RecordDialog>
  );
}

interface UserFormBodyProps extends RecordFormProps<User> {
  userId: number | null;
}

function UserFormBody({ titleId, userId, initial, onCancel, onBusyChange, submit }: UserFormBodyProps) {
  const { t } = useTranslation();
  const { user: sessionUser } = useSession();
  const fieldError = useFieldMessage("validation");
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
  const queueOptions = withStoredQueues(queuesQuery.data, initial?.queues);
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
      const body: RequestBody<"PUT /users/{id}"> = {
        name: values.name,
        email: values.email,
        ...(values.password ? { password: values.password } : {}),
        ...adminFields,
      };
      return updateUser(userId, body);
    }
    const body: RequestBody<"POST /users"> = {
      name: values.name,
      email: values.email,
      password: values.password,
      ...adminFields,
    };
    return createUser(body);
  };

  const onSubmit = handleSubmit((values) => submit(() => save(values)));

  return (
    <RecordFormShell
      titleId={titleId}
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitting={isSubmitting}
      cancelLabel={t("userModal.buttons.cancel")}
      submitLabel={editing ? t("userModal.buttons.save") : t("userModal.buttons.add")}
    >
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
              <QueueSelectField
                id="user-queues"
                label={t("userModal.form.queues")}
                field={field}
                options={queueOptions}
                helperText={
                  queuesQuery.isSuccess && queueOptions.length === 0 ? t("userModal.form.noQueues") : undefined
                }
                chipColors={chipColors}
              />
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
    </RecordFormShell>
  );
}

export default UserModal;
