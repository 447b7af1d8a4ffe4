import type { Tag, User } from "@atendo/shared";
import { Autocomplete, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";

interface SearchFiltersProps {
  tags: Tag[];
  tagIds: number[];
  onTagIds: (ids: number[]) => void;
  /** Null when the viewer may not filter by user (only admins may). */
  users: User[] | null;
  userIds: number[];
  onUserIds: (ids: number[]) => void;
}

/**
 * The search tab's tag and user filters. A chunk of its own: the autocomplete
 * is needed only once the search tab opens, not to show the lists.
 */
export default function SearchFilters({ tags, tagIds, onTagIds, users, userIds, onUserIds }: SearchFiltersProps) {
  const { t } = useTranslation();
  return (
    <>
      <Autocomplete
        multiple
        size="small"
        limitTags={2}
        sx={{ flex: 1, minWidth: 160 }}
        options={tags}
        getOptionLabel={(tag) => tag.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        value={tags.filter((tag) => tagIds.includes(tag.id))}
        onChange={(_, value) => onTagIds(value.map((tag) => tag.id))}
        renderInput={(params) => <TextField {...params} label={t("ticketsManager.filterTags")} />}
      />
      {users ? (
        <Autocomplete
          multiple
          size="small"
          limitTags={2}
          sx={{ flex: 1, minWidth: 160 }}
          options={users}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          value={users.filter((option) => userIds.includes(option.id))}
          onChange={(_, value) => onUserIds(value.map((option) => option.id))}
          renderInput={(params) => <TextField {...params} label={t("ticketsManager.filterUsers")} />}
        />
      ) : null}
    </>
  );
}
