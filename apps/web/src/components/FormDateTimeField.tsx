import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { DateTimeField, type DateTimeFieldProps } from "./DateTimeField";

export type FormDateTimeFieldProps<T extends FieldValues> = Omit<
  DateTimeFieldProps,
  "value" | "onChange" | "onBlur" | "name"
> & {
  control: Control<T>;
  name: FieldPath<T>;
};

/** A DateTimeField bound to a react-hook-form field (its value is the field's text). */
export function FormDateTimeField<T extends FieldValues>({ control, name, ...props }: FormDateTimeFieldProps<T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <DateTimeField
          {...props}
          name={field.name}
          value={typeof field.value === "string" ? field.value : ""}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
