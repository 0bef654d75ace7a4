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

/** A supplier's user's own supplier, read from their drivers (the server lists only theirs). */
function suppliersOfDrivers(drivers: DriverListItem[]): OwnerOption[] {
  const seen = new Map<number, string>();
  for (const driver of drivers) seen.set(driver.supplierId, driver.supplierName);
  return [...seen].map(([value, label]) => ({ value, label }));
}

/**
 * The owners a paper can be uploaded for: drivers (DRIVER), their vehicles by plate (VEHICLE, the
 * driver's id) searched as typed, or the supplier (SUPPLIER: any for administrators, a supplier's
 * user their own).
 */
export function useOwnerOptions(ownerType: DocumentOwnerType | undefined, supplierUser: boolean, open: boolean) {
  const [search, setSearch] = useState("");
  const criterion = useDebouncedValue(search.trim());
  const needsDrivers = open && ownerType !== undefined && (ownerType !== "SUPPLIER" || supplierUser);
  const drivers = useOwnerDrivers(ownerType === "SUPPLIER" ? "" : criterion, needsDrivers);
  const suppliers = useSupplierNames(open && ownerType === "SUPPLIER" && !supplierUser);

  const options = useMemo<OwnerOption[]>(() => {
    if (ownerType === "SUPPLIER") {
      if (supplierUser) return suppliersOfDrivers(drivers.data ?? []);
      return (suppliers.data ?? []).map((supplier) => ({ value: supplier.id, label: supplier.name }));
    }
    const label = ownerType === "VEHICLE" ? vehicleLabel : driverLabel;
    return (drivers.data ?? []).map((driver) => ({ value: driver.id, label: label(driver) }));
  }, [ownerType, supplierUser, drivers.data, suppliers.data]);

  const source = ownerType === "SUPPLIER" && !supplierUser ? suppliers : drivers;
  return {
    options,
    loading: source.isFetching,
    error: source.isError,
    /** Drivers and vehicles are searched on the server; the suppliers' names are filtered here. */
    searchOnServer: ownerType !== "SUPPLIER",
    setSearch,
  };
}
