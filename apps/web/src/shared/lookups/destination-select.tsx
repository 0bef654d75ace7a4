import type { CatalogNameItem } from "@treiber/contract";
import { type RefSelectProps, Select } from "antd";
import { type Ref, useMemo, useState } from "react";
import { useDebouncedValue } from "../hooks/use-debounced-value";
import { useDestinationNames } from "./list-destination-names";

export interface DestinationSelectProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The current destination's name, so an edited record shows it before any search. */
  currentOption?: CatalogNameItem | null;
  allowClear?: boolean;
  id?: string;
  /** Set by Form.Item, so FormModal can put server errors on this field. */
  ref?: Ref<RefSelectProps>;
}

/** A destination picker searching GET Destination/listName on the server. */
export function DestinationSelect({
  value,
  onChange,
  currentOption,
  allowClear,
  id,
  ref,
}: DestinationSelectProps) {
  const [search, setSearch] = useState("");
  const criterion = useDebouncedValue(search.trim());
  const query = useDestinationNames(criterion);

  const options = useMemo(() => {
    const items = [...(query.data ?? [])];
    if (currentOption && !items.some((item) => item.id === currentOption.id)) items.unshift(currentOption);
    return items.map((item) => ({ value: item.id, label: item.name }));
  }, [query.data, currentOption]);

  return (
    <Select<number | null>
      id={id}
      ref={ref}
      value={value ?? null}
      onChange={(next) => onChange?.(next ?? null)}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={query.isFetching}
      allowClear={allowClear}
      placeholder="Seleccione un destino"
      notFoundContent={query.isError ? "No se pudieron cargar los destinos" : "No hay registros"}
      onBlur={() => setSearch("")}
    />
  );
}
