import { Input } from "antd";
import { useEffect, useRef, useState } from "react";

export interface SearchBoxProps {
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
  delayMs?: number;
}

/** A search input that reports its text after the user stops typing. */
export function SearchBox({ value, onSearch, placeholder = "Buscar", delayMs = 400 }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;

  // Follows the URL when it changes from outside (back/forward navigation).
  useEffect(() => setText(value), [value]);

  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => latest.current(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, value, delayMs]);

  return (
    <Input.Search
      allowClear
      aria-label={placeholder}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={(next) => onSearch(next)}
      style={{ maxWidth: 320 }}
    />
  );
}
