"use client";
// A value that settles before it is used: a search box's text is sent once the typing pauses, not per key.
import { useEffect, useState } from "react";

export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** A search box's text as typed (for the field) and, trimmed and settled for 300 ms, as it is queried. */
export function useSearchText() {
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), 300);
  return { search, setSearch, q };
}
