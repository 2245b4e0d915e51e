import { ComboboxChevron, InputBase, type SelectProps } from "@mantine/core";
import { lazy, Suspense, useRef, useState } from "react";

const loadSelect = () => import("./SelectField");
const SelectField = lazy(() => loadSelect().then((m) => ({ default: m.SelectField })));

type Option = { value: string; label: string };
type Props = Pick<
  SelectProps,
  "label" | "description" | "placeholder" | "required" | "name" | "error" | "disabled" | "size" | "comboboxProps"
> & {
  data: Option[];
  value: string | null;
  onChange: (value: string | null) => void;
};

/**
 * Mantine's Select, drawn first as its closed field (the same label, read-only input with role
 * combobox, chevron and hidden input) and made the real one on first use: a click opens it, a
 * keyboard focus makes it the focused field. The real one (its dropdown, floating positioning and
 * focus handling: ~35 KB gzip) is not needed to draw a public form, so it does not load with the page.
 * A click swaps on `click`, not on `pointerdown` or the focus it brings, so the field under the
 * pointer does not change between the button's press and release (which would lose the click).
 */
export function DeferredSelect(props: Props) {
  const [live, setLive] = useState<{ open: boolean } | null>(null);
  const pointer = useRef(false);
  const { data, value, name, size, error, disabled, label, description, placeholder, required } = props;
  const closed = (
    <>
      <InputBase
        label={label}
        description={description}
        placeholder={placeholder}
        required={required}
        size={size}
        error={error}
        disabled={disabled}
        readOnly
        pointer
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={false}
        autoComplete="off"
        value={data.find((o) => o.value === value)?.label ?? ""}
        rightSection={<ComboboxChevron size={size} error={error} />}
        rightSectionPointerEvents="none"
        onPointerDown={() => {
          pointer.current = true;
          void loadSelect();
        }}
        onFocus={() => {
          if (!pointer.current && !disabled) setLive((l) => l ?? { open: false });
        }}
        onClick={() => {
          pointer.current = false;
          if (!disabled) setLive({ open: true });
        }}
        onKeyDown={(e) => {
          if (["ArrowDown", "ArrowUp", "Enter", " "].includes(e.key) && !disabled) {
            e.preventDefault();
            setLive({ open: true });
          }
        }}
      />
      {name ? <input type="hidden" name={name} value={value ?? ""} /> : null}
    </>
  );
  if (!live) return closed;
  return (
    <Suspense fallback={closed}>
      <SelectField
        {...props}
        // The visitor was on this field: the real one takes the focus.
        autoFocus
        defaultDropdownOpened={live.open}
      />
    </Suspense>
  );
}
