import {
  INCIDENT_THRESHOLD_DEFAULT_VALUES,
  type IncidentThresholdValues,
  incidentThresholdsSchema,
  ON_ROUTE_BELOW_OFF_ROUTE_MESSAGE,
} from "@treiber/contract";
import { Alert, Button, Flex, Form, InputNumber, Select, Skeleton, Typography } from "antd";
import { useMemo, useState } from "react";
import { FormModal } from "../../../shared/components/data-table";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { numberRule } from "../../../shared/forms/zod-rule";
import { useBranchOfficeNames } from "../../../shared/lookups/list-branch-office-names";
import { useIncidentThresholds } from "../api/get-incident-thresholds";
import { useSaveIncidentThresholds } from "../api/save-incident-thresholds";
import { THRESHOLD_FIELDS } from "../lib/threshold-fields";

export interface ThresholdsDialogProps {
  open: boolean;
  onClose: () => void;
}

const onRouteBelowOffRoute = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const offRoute = getFieldValue("offRouteMeters");
    if (typeof value === "number" && typeof offRoute === "number" && value >= offRoute) {
      throw new Error(ON_ROUTE_BELOW_OFF_ROUTE_MESSAGE);
    }
  },
});

/**
 * «Umbrales de incidencias» of a branch office: every threshold of the rules with its unit and
 * default, validated by the contract (Admin and SuperAdmin; the panel opens it).
 */
export function ThresholdsDialog({ open, onClose }: ThresholdsDialogProps) {
  const [form] = Form.useForm<IncidentThresholdValues>();
  const branchOffices = useBranchOfficeNames(open);
  const [branchOfficeId, setBranchOfficeId] = useState<number | null>(null);
  const selected = branchOfficeId ?? branchOffices.data?.[0]?.id ?? null;
  const thresholds = useIncidentThresholds(open ? selected : null);
  const save = useSaveIncidentThresholds();
  const branchName = branchOffices.data?.find((office) => office.id === selected)?.name;

  const initialValues = useMemo(() => {
    if (!thresholds.data) return undefined;
    const values = {} as IncidentThresholdValues;
    for (const field of THRESHOLD_FIELDS) values[field.name] = thresholds.data[field.name];
    return values;
  }, [thresholds.data]);

  const ready = selected !== null && initialValues !== undefined;

  return (
    <FormModal<IncidentThresholdValues>
      open={open}
      title="Umbrales de incidencias"
      form={form}
      initialValues={initialValues}
      onSubmit={async (values) => {
        if (selected === null) throw new Error("Seleccione una sucursal");
        await save.mutateAsync({ ...values, branchOfficeId: selected });
      }}
      onClose={onClose}
      savedLabel={() => (branchName ? `Umbrales de ${branchName}` : "Umbrales de incidencias")}
    >
      <BranchOfficeChoice
        branchOffices={branchOffices}
        selected={selected}
        onSelect={setBranchOfficeId}
        thresholds={thresholds}
      />
      {selected !== null && thresholds.isLoading ? (
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      ) : null}
      <ThresholdFields
        hidden={!ready}
        onDefaults={() => form.setFieldsValue({ ...INCIDENT_THRESHOLD_DEFAULT_VALUES })}
      />
    </FormModal>
  );
}

/** The branch office whose thresholds are shown, and whether they are its own or the defaults. */
function BranchOfficeChoice({
  branchOffices,
  selected,
  onSelect,
  thresholds,
}: {
  branchOffices: ReturnType<typeof useBranchOfficeNames>;
  selected: number | null;
  onSelect: (id: number) => void;
  thresholds: ReturnType<typeof useIncidentThresholds>;
}) {
  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }}>
      <Select<number>
        aria-label="Sucursal"
        data-testid="thresholds-branch-office"
        placeholder="Sucursal"
        showSearch={{ optionFilterProp: "label" }}
        loading={branchOffices.isLoading}
        value={selected ?? undefined}
        options={(branchOffices.data ?? []).map((office) => ({ value: office.id, label: office.name }))}
        onChange={onSelect}
      />
      {branchOffices.error ? (
        <ErrorAlert error={branchOffices.error} onRetry={() => void branchOffices.refetch()} />
      ) : null}
      {!branchOffices.isLoading && branchOffices.data?.length === 0 ? (
        <Alert type="info" showIcon title="No hay sucursales activas" />
      ) : null}
      {thresholds.error ? (
        <ErrorAlert error={thresholds.error} onRetry={() => void thresholds.refetch()} />
      ) : null}
      {thresholds.data ? (
        <Typography.Text type="secondary" data-testid="thresholds-source">
          {thresholds.data.custom
            ? "Esta sucursal tiene umbrales propios."
            : "Esta sucursal usa los valores predeterminados."}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** Every threshold with its unit and default, validated by the contract; and «Usar los valores predeterminados». */
function ThresholdFields({ hidden, onDefaults }: { hidden: boolean; onDefaults: () => void }) {
  return (
    <div hidden={hidden}>
      {THRESHOLD_FIELDS.map((field) => (
        <Form.Item
          key={field.name}
          label={field.label}
          name={field.name}
          extra={`Predeterminado: ${INCIDENT_THRESHOLD_DEFAULT_VALUES[field.name]} ${field.unit}`}
          dependencies={field.name === "onRouteMeters" ? ["offRouteMeters"] : undefined}
          rules={[
            numberRule(incidentThresholdsSchema.shape[field.name]),
            ...(field.name === "onRouteMeters" ? [onRouteBelowOffRoute] : []),
          ]}
        >
          <InputNumber suffix={field.unit} style={{ width: 200 }} data-testid={`threshold-${field.name}`} />
        </Form.Item>
      ))}
      <Button onClick={onDefaults} data-testid="thresholds-defaults">
        Usar los valores predeterminados
      </Button>
    </div>
  );
}
