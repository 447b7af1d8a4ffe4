import { type Contact, ContactBody, TOAST_DURATION_MS } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import { Box, Button, IconButton, Stack, TextField, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import type { z } from "zod";
import { toastError } from "../../../api/client";
import { SubmitButton } from "../../../components/SubmitButton";
import { useFieldError } from "../../auth/useFieldError";
import { conversationKeys, updateContact } from "./conversationApi";

type ContactFormInput = z.input<typeof ContactBody>;

/** The contact's fields (document 1 section 5: name 2 to 50, number 8 to 50, valid email) and extra info. */
export function ContactEditForm({ contact, onDone }: { contact: Contact; onDone: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const queryClient = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactBody>({
    resolver: zodResolver(ContactBody),
    defaultValues: {
      name: contact.name,
      number: contact.number,
      email: contact.email,
      extraInfo: contact.extraInfo.map(({ name, value }) => ({ name, value })),
    },
  });
  const extraInfo = useFieldArray({ control, name: "extraInfo" });

  const save = async (values: ContactBody) => {
    try {
      const saved = await updateContact(contact.id, values);
      queryClient.setQueryData(conversationKeys.contact(contact.id), saved);
      toast.success(t("conversation.contact.saved"), { autoClose: TOAST_DURATION_MS });
      onDone();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Box component="form" onSubmit={handleSubmit(save)} noValidate>
      <Stack spacing={2}>
        <TextField
          label={t("conversation.contact.name")}
          required
          size="small"
          autoFocus
          {...register("name")}
          error={!!errors.name}
          helperText={fieldError(errors.name)}
        />
        <TextField
          label={t("conversation.contact.number")}
          required
          size="small"
          {...register("number")}
          error={!!errors.number}
          helperText={fieldError(errors.number)}
        />
        <TextField
          label={t("conversation.contact.email")}
          type="email"
          size="small"
          {...register("email")}
          error={!!errors.email}
          helperText={fieldError(errors.email)}
        />
        <Typography variant="subtitle2">{t("conversation.contact.extraInfo")}</Typography>
        {extraInfo.fields.map((field, index) => (
          <Box key={field.id} sx={{ display: "flex", gap: 1, alignItems: "flex-start" }}>
            <TextField
              label={t("conversation.contact.extraName")}
              size="small"
              {...register(`extraInfo.${index}.name`)}
              error={!!errors.extraInfo?.[index]?.name}
              helperText={fieldError(errors.extraInfo?.[index]?.name)}
              sx={{ flex: 1 }}
            />
            <TextField
              label={t("conversation.contact.extraValue")}
              size="small"
              {...register(`extraInfo.${index}.value`)}
              error={!!errors.extraInfo?.[index]?.value}
              helperText={fieldError(errors.extraInfo?.[index]?.value)}
              sx={{ flex: 1 }}
            />
            <IconButton aria-label={t("conversation.contact.removeExtra")} onClick={() => extraInfo.remove(index)}>
              <DeleteOutlinedIcon />
            </IconButton>
          </Box>
        ))}
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => extraInfo.append({ name: "", value: "" })}
          sx={{ alignSelf: "flex-start" }}
        >
          {t("conversation.contact.addExtra")}
        </Button>
        <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1 }}>
          <Button color="inherit" onClick={onDone} disabled={isSubmitting}>
            {t("common.cancel")}
          </Button>
          <SubmitButton submitting={isSubmitting}>{t("common.save")}</SubmitButton>
        </Box>
      </Stack>
    </Box>
  );
}
