import { formatNumber } from "@treiber/client/format";
import { DRIVER_IMPORT_COLUMNS, EMPLOYEE_IMPORT_COLUMNS, type ImportColumn } from "@treiber/contract";
import { API, type ApiEndpoint } from "@treiber/contract/api-paths";
import {
  COLLABORATOR_CANDIDATES_KEY,
  COLLABORATORS_KEY,
  DRIVERS_KEY,
  PLANNING_KEY,
  REPORT_OPTIONS_KEY,
} from "../../../shared/api/query-keys";

/** Who a sheet brings in: collaborators (`/collaborator`) or drivers (`/driver`). */
export type ImportKind = "employee" | "driver";

export interface ImportKindConfig {
  kind: ImportKind;
  /** The template's columns, in order (the contract's). */
  columns: readonly ImportColumn[];
  template: ApiEndpoint;
  import: ApiEndpoint;
  errors: ApiEndpoint;
  templateFileName: string;
  errorsFileName: string;
  /** "colaborador" / "colaboradores". */
  singular: string;
  plural: string;
  /** The header that matches a row to an existing record: Código or Cédula. */
  keyHeader: string;
  /** Collaborators have a home: the preview shows where it comes from. */
  hasLocation: boolean;
  /** The list and the lookups to reload once rows are written. */
  queryKeys: readonly (readonly string[])[];
}

export const IMPORT_KINDS: Record<ImportKind, ImportKindConfig> = {
  employee: {
    kind: "employee",
    columns: EMPLOYEE_IMPORT_COLUMNS,
    template: API.employee.importTemplate,
    import: API.employee.import,
    errors: API.employee.importErrors,
    templateFileName: "PlantillaColaboradores.xlsx",
    errorsFileName: "ErroresColaboradores.xlsx",
    singular: "colaborador",
    plural: "colaboradores",
    keyHeader: "Código",
    hasLocation: true,
    queryKeys: [COLLABORATORS_KEY, COLLABORATOR_CANDIDATES_KEY, PLANNING_KEY, REPORT_OPTIONS_KEY],
  },
  driver: {
    kind: "driver",
    columns: DRIVER_IMPORT_COLUMNS,
    template: API.driver.importTemplate,
    import: API.driver.import,
    errors: API.driver.importErrors,
    templateFileName: "PlantillaChoferes.xlsx",
    errorsFileName: "ErroresChoferes.xlsx",
    singular: "chofer",
    plural: "choferes",
    keyHeader: "Cédula",
    hasLocation: false,
    queryKeys: [DRIVERS_KEY, REPORT_OPTIONS_KEY],
  },
};

/** "1 colaborador", "12 colaboradores", "1.234 choferes". */
export function countOf(config: ImportKindConfig, count: number): string {
  return `${formatNumber(count)} ${count === 1 ? config.singular : config.plural}`;
}

/**
 * What a commit will do, for its confirmation: "Se crearán 3 colaboradores y se actualizará 1
 * colaborador." and, when any, "2 sin cambios." (issue 33: nothing is written for them).
 */
export function commitSummary(
  config: ImportKindConfig,
  created: number,
  updated: number,
  unchanged = 0,
): string {
  const parts = [
    created > 0 && `${created === 1 ? "se creará" : "se crearán"} ${countOf(config, created)}`,
    updated > 0 && `${updated === 1 ? "se actualizará" : "se actualizarán"} ${countOf(config, updated)}`,
  ].filter((part): part is string => Boolean(part));
  const text = parts.join(" y ");
  const sentence = text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}.` : "";
  const same = unchanged > 0 ? `${formatNumber(unchanged)} sin cambios.` : "";
  return [sentence, same].filter(Boolean).join(" ");
}
