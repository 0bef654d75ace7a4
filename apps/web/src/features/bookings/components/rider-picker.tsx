import { Select } from "antd";
import { useMemo, useState } from "react";
import { useDebouncedValue } from "../../../shared/hooks/use-debounced-value";
import { useCollaboratorCandidates } from "../../../shared/lookups/list-collaborator-candidates";

export interface RiderPickerProps {
  value?: number;
  onChange?: (value: number | undefined) => void;
  id?: string;
}

/** One active collaborator, searched by name or code (GET Employee/list/forRouteNotSchedule). */
export function RiderPicker({ value, onChange, id }: RiderPickerProps) {
  const [search, setSearch] = useState("");
  const criterion = useDebouncedValue(search.trim());
  const query = useCollaboratorCandidates(criterion);
  const options = useMemo(
    () =>
      (query.data ?? []).map((item) => ({
        value: item.id,
        label: `${item.name} ${item.lastname}`.trim() + (item.codeEmployee ? ` (${item.codeEmployee})` : ""),
      })),
    [query.data],
  );
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={(next) => onChange?.(next)}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={query.isFetching}
      placeholder="Buscar colaborador"
      notFoundContent={query.isError ? "No se pudieron cargar los colaboradores" : "No hay registros"}
    />
  );
}
