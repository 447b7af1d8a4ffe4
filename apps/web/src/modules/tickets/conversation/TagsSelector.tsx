import { TAG_DEFAULT_COLOR, TAG_NAME_MIN, type Tag, type Ticket } from "@atendo/shared";
import { Autocomplete, Box, Chip, createFilterOptions, TextField, type Theme } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../api/client";
import { fetchTags, ticketsKeys } from "../ticketsApi";
import { conversationKeys, createTag, syncTicketTags } from "./conversationApi";

/** A company tag, or the offer to create one with the typed name (`create`). */
type TagOption = Pick<Tag, "id" | "name" | "color"> & { create?: string };

const filterTags = createFilterOptions<TagOption>();

/**
 * The ticket's tags: a multi-select of the company's tags, saved through
 * POST /tags/sync; a name that matches no tag can be created on the spot (POST /tags).
 */
export function TagsSelector({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const { data: tags = [], isLoading } = useQuery({
    queryKey: ticketsKeys.tags,
    queryFn: ({ signal }) => fetchTags(signal),
    staleTime: 60_000,
  });

  const change = async (picked: TagOption[]) => {
    const key = conversationKeys.ticket(ticket.uuid);
    const previous = ticket.tags;
    setSaving(true);
    try {
      const next: TagOption[] = [];
      for (const option of picked) {
        if (!option.create) next.push(option);
        else {
          next.push(await createTag(option.create));
          void queryClient.invalidateQueries({ queryKey: ticketsKeys.tags });
        }
      }
      queryClient.setQueryData<Ticket>(key, (old) => (old ? { ...old, tags: next } : old));
      const saved = await syncTicketTags(
        ticket.id,
        next.map((tag) => tag.id),
      );
      queryClient.setQueryData<Ticket>(key, (old) => (old ? { ...old, tags: saved } : old));
    } catch (error) {
      queryClient.setQueryData<Ticket>(key, (old) => (old ? { ...old, tags: previous } : old));
      toastError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Autocomplete<TagOption, true>
        multiple
        size="small"
        options={tags}
        loading={isLoading}
        disabled={saving}
        value={ticket.tags}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        getOptionLabel={(option) =>
          option.create ? t("conversation.tags.create", { name: option.create }) : option.name
        }
        // Enter takes the highlighted option: the tag named exactly as typed, else the offer to create it.
        autoHighlight
        filterOptions={(options, params) => {
          const filtered = filterTags(options, params);
          const name = params.inputValue.trim();
          const exact = filtered.find((tag) => tag.name.toLowerCase() === name.toLowerCase());
          if (exact) return [exact, ...filtered.filter((tag) => tag !== exact)];
          const known = tags.some((tag) => tag.name.toLowerCase() === name.toLowerCase());
          if (name.length >= TAG_NAME_MIN && !known) {
            return [{ id: 0, name, color: TAG_DEFAULT_COLOR, create: name }, ...filtered];
          }
          return filtered;
        }}
        onChange={(_event, value) => void change(value)}
        filterSelectedOptions
        noOptionsText={t("conversation.tags.none")}
        renderValue={(value, getItemProps) =>
          value.map((tag, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return (
              <Chip
                key={key}
                {...itemProps}
                size="small"
                label={tag.name}
                sx={{ bgcolor: tag.color, color: (theme) => contrastText(theme, tag.color) }}
              />
            );
          })
        }
        renderInput={(params) => (
          <TextField
            {...params}
            placeholder={ticket.tags.length ? undefined : t("conversation.tags.placeholder")}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, "aria-label": t("conversation.tags.label") },
            }}
          />
        )}
      />
    </Box>
  );
}

/** A tag colour is free text: an unreadable one falls back to the theme's text colour. */
function contrastText(theme: Theme, color: string): string {
  try {
    return theme.palette.getContrastText(color);
  } catch {
    return theme.palette.text.primary;
  }
}
