import type { DriverWithSupplierItem } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../api/http-client";

/**
 * GET /api/v1/Driver/withSupplier/list → the drivers with their supplier, first 'Todas' (id 0).
 * Each caller (report and history filters) caches it under its own key.
 */
export async function listDriversWithSupplier(): Promise<DriverWithSupplierItem[]> {
  const { data } = await http.get<DriverWithSupplierItem[]>(clientPath(API.driver.withSupplierList));
  return data;
}
