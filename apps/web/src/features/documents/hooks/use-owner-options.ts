import type { DocumentOwnerType, DriverListItem } from "@treiber/contract";
import { useMemo, useState } from "react";
import { useDebouncedValue } from "../../../shared/hooks/use-debounced-value";
import { useSupplierNames } from "../../../shared/lookups/list-supplier-names";
import { useOwnerDrivers } from "../api/list-owner-drivers";

export interface OwnerOption {
  value: number;
  label: string;
}

const driverLabel = (driver: DriverListItem) => `${driver.name} ${driver.lastname}`.trim();
const vehicleLabel = (driver: DriverListItem) =>
  `${driver.vehiclePlate ?? "Sin placa"}${driver.vehicleModel ? ` ${driver.vehicleModel}` : ""} · ${driverLabel(driver)}`;

/**
 * The owners a paper can be uploaded for: drivers (DRIVER), their vehicles by plate (VEHICLE, the
 * driver's id) searched as typed, or the supplier (SUPPLIER: Supplier/listName, which gives a
 * supplier's user only their own, decision 0077).
 */
export function useOwnerOptions(ownerType: DocumentOwnerType | undefined, open: boolean) {
  const [search, setSearch] = useState("");
  const criterion = useDebouncedValue(search.trim());
  const drivers = useOwnerDrivers(criterion, open && ownerType !== undefined && ownerType !== "SUPPLIER");
  const suppliers = useSupplierNames(open && ownerType === "SUPPLIER");

  const options = useMemo<OwnerOption[]>(() => {
    if (ownerType === "SUPPLIER") {
      return (suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplier.name }));
    }
    const label = ownerType === "VEHICLE" ? vehicleLabel : driverLabel;
    return (drivers.data ?? []).map((driver) => ({ value: driver.id, label: label(driver) }));
  }, [ownerType, drivers.data, suppliers.data]);

  const source = ownerType === "SUPPLIER" ? suppliers : drivers;
  return {
    options,
    loading: source.isFetching,
    error: source.isError,
    /** Drivers and vehicles are searched on the server; the suppliers' names are filtered here. */
    searchOnServer: ownerType !== "SUPPLIER",
    setSearch,
  };
}
