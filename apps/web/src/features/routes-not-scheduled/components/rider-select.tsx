import type { Rider } from "@treiber/contract";
import { type RefSelectProps, Select } from "antd";
import { type Ref, useMemo, useState } from "react";
import { useDebouncedValue } from "../../../shared/hooks/use-debounced-value";
import { useCollaboratorCandidates } from "../../../shared/lookups/list-collaborator-candidates";

export interface RiderSelectProps {
  value?: number[];
  onChange?: (value: number[]) => void;
  /** Riders already on the edited route, so their names show before any search. */
  initialRiders?: Rider[];
  id?: string;
  /** Set by Form.Item, so FormModal can put server errors on this field. */
  ref?: Ref<RefSelectProps>;
}

const fullName = (rider: Rider) => `${rider.name} ${rider.lastname}`.trim();

/** Multiple collaborator picker searching GET Employee/list/forRouteNotSchedule on the server. */
export function RiderSelect({ value, onChange, initialRiders, id, ref }: RiderSelectProps) {
  const [search, setSearch] = useState("");
  const criterion = useDebouncedValue(search.trim());
  const query = useCollaboratorCandidates(criterion);
  // Names of every collaborator seen, so selected ones keep their label after a new search.
  const [known, setKnown] = useState<Map<number, string>>(() => new Map());

  const labels = useMemo(() => {
    const map = new Map(known);
    for (const rider of initialRiders ?? []) if (!map.has(rider.id)) map.set(rider.id, fullName(rider));
    return map;
  }, [known, initialRiders]);

  const options = useMemo(() => {
    const candidates = (query.data ?? []).map((item) => ({
      value: item.id,
      label: `${fullName(item)}${item.codeEmployee ? ` (${item.codeEmployee})` : ""}`,
    }));
    const shown = new Set(candidates.map((option) => option.value));
    const selected = (value ?? [])
      .filter((riderId) => !shown.has(riderId))
      .map((riderId) => ({ value: riderId, label: labels.get(riderId) ?? `#${riderId}` }));
    return [...selected, ...candidates];
  }, [query.data, value, labels]);

  return (
    <Select<number[]>
      id={id}
      ref={ref}
      mode="multiple"
      value={value ?? []}
      onChange={(next) => {
        setKnown((previous) => {
          const map = new Map(previous);
          for (const option of options) if (next.includes(option.value)) map.set(option.value, option.label);
          return map;
        });
        onChange?.(next);
      }}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={query.isFetching}
      placeholder="Buscar colaboradores"
      notFoundContent={query.isError ? "No se pudieron cargar los colaboradores" : "No hay registros"}
      onBlur={() => setSearch("")}
    />
  );
}
