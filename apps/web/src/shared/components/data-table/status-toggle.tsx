import { Popconfirm, Switch } from "antd";
import { type RecordStatus, STATUS_LABELS } from "./status-tag";

export interface StatusToggleProps {
  status: RecordStatus;
  /** Name of the record, shown in the confirmation. */
  name: string;
  loading?: boolean;
  onChange: (status: RecordStatus) => void;
}

/** Activo/Inactivo switch that asks for confirmation before changing the status. */
export function StatusToggle({ status, name, loading, onChange }: StatusToggleProps) {
  const next: RecordStatus = status === "active" ? "inactive" : "active";
  const verb = next === "active" ? "activar" : "inactivar";
  return (
    <Popconfirm
      title={`¿Seguro que desea ${verb} "${name}"?`}
      okText="Sí"
      cancelText="No"
      onConfirm={() => onChange(next)}
    >
      <Switch
        checked={status === "active"}
        loading={loading}
        checkedChildren={STATUS_LABELS.active}
        unCheckedChildren={STATUS_LABELS.inactive}
        aria-label={`Cambiar estado de ${name}`}
      />
    </Popconfirm>
  );
}
