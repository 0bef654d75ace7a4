import { useState } from "react";

/**
 * Which record a page's form modal edits: none (closed), a new one (`create`), or a row (`edit`).
 * `open` and `item` are what the modal takes.
 */
export function useEditing<T>() {
  const [editing, setEditing] = useState<{ item?: T } | null>(null);
  return {
    open: editing !== null,
    item: editing?.item,
    create: () => setEditing({}),
    edit: (item: T) => setEditing({ item }),
    close: () => setEditing(null),
  };
}
