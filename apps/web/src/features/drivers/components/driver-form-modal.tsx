import { type DriverListItem, driverSignupRequestSchema, REQUIRED_MESSAGE } from "@treiber/contract";
import { Form, Input, InputNumber, Select } from "antd";
import { useMemo, useState } from "react";
import { FormModal } from "../../../shared/components/data-table";
import { TemporaryPasswordModal } from "../../../shared/components/temporary-password-modal";
import { maskIdentityCard } from "../../../shared/forms/identity-card";
import { LoginEmailField } from "../../../shared/forms/login-email-field";
import { textLimit } from "../../../shared/forms/text-limit";
import { zodRule } from "../../../shared/forms/zod-rule";
import { useSupplierNames } from "../../../shared/lookups/list-supplier-names";
import { useCreateDriver } from "../api/create-driver";
import { useUpdateDriver } from "../api/update-driver";

interface DriverFormValues {
  email: string;
  name: string;
  lastname: string;
  identityCard: string;
  telephone: string;
  licenseNumber: string;
  supplierId: number;
  vehiclePlate: string;
  vehicleModel: string;
  vehicleCapacity: number;
}

const fields = driverSignupRequestSchema.shape;
const required = { required: true, message: REQUIRED_MESSAGE };

export interface DriverFormModalProps {
  open: boolean;
  /** The driver to edit; undefined to create. */
  driver?: DriverListItem;
  onClose: () => void;
}

/**
 * Create (Auth/driverSignup, temporary password shown once) or edit (PUT driver: a new e-mail ends
 * the driver's sessions and tells the old address) a driver.
 */
export function DriverFormModal({ open, driver, onClose }: DriverFormModalProps) {
  const [form] = Form.useForm<DriverFormValues>();
  const create = useCreateDriver();
  const update = useUpdateDriver();
  const suppliers = useSupplierNames(open);
  const [temporaryPassword, setTemporaryPassword] = useState<string | null>(null);

  const initialValues = useMemo<Partial<DriverFormValues> | undefined>(
    () =>
      driver && {
        email: driver.email,
        name: driver.name,
        lastname: driver.lastname,
        identityCard: driver.identityCard,
        telephone: driver.telephone ?? undefined,
        licenseNumber: driver.licenseNumber ?? undefined,
        supplierId: driver.supplierId,
        vehiclePlate: driver.vehiclePlate ?? undefined,
        vehicleModel: driver.vehicleModel ?? undefined,
        vehicleCapacity: driver.vehicleCapacity ?? undefined,
      },
    [driver],
  );

  const supplierOptions = useMemo(() => {
    const options = (suppliers.data ?? []).map((item) => ({ value: item.id, label: item.name }));
    // An inactive supplier is not in listName: keep the current one selectable.
    if (driver && !options.some((option) => option.value === driver.supplierId)) {
      options.push({ value: driver.supplierId, label: driver.supplierName });
    }
    return options;
  }, [suppliers.data, driver]);

  async function submit(values: DriverFormValues) {
    if (driver) {
      await update.mutateAsync({ id: driver.id, ...values });
      return;
    }
    const created = await create.mutateAsync(values);
    if (created.temporaryPassword) setTemporaryPassword(created.temporaryPassword);
  }

  return (
    <>
      <FormModal<DriverFormValues>
        open={open}
        title={driver ? "Editar chofer" : "Nuevo chofer"}
        form={form}
        initialValues={initialValues}
        onClose={onClose}
        onSubmit={submit}
      >
        <LoginEmailField editing={driver !== undefined} />
        <Form.Item label="Nombre" name="name" required rules={[zodRule(fields.name)]}>
          <Input count={textLimit(80)} />
        </Form.Item>
        <Form.Item label="Apellido" name="lastname" required rules={[zodRule(fields.lastname)]}>
          <Input count={textLimit(80)} />
        </Form.Item>
        <Form.Item
          label="Cédula"
          name="identityCard"
          required
          rules={[zodRule(fields.identityCard)]}
          normalize={maskIdentityCard}
        >
          <Input placeholder="000-0000000-0" inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Teléfono" name="telephone" required rules={[zodRule(fields.telephone)]}>
          <Input placeholder="(809) 555-1234" count={textLimit(14)} />
        </Form.Item>
        <Form.Item label="Licencia" name="licenseNumber" required rules={[zodRule(fields.licenseNumber)]}>
          <Input count={textLimit(30)} />
        </Form.Item>
        <Form.Item label="Suplidor" name="supplierId" rules={[required]}>
          <Select
            showSearch={{ optionFilterProp: "label" }}
            placeholder="Seleccione un suplidor"
            loading={suppliers.isLoading}
            options={supplierOptions}
            notFoundContent={suppliers.isError ? "No se pudieron cargar los suplidores" : "No hay registros"}
          />
        </Form.Item>
        <Form.Item
          label="Placa del vehículo"
          name="vehiclePlate"
          required
          rules={[zodRule(fields.vehiclePlate)]}
        >
          <Input count={textLimit(15)} />
        </Form.Item>
        <Form.Item
          label="Modelo del vehículo"
          name="vehicleModel"
          required
          rules={[zodRule(fields.vehicleModel)]}
        >
          <Input count={textLimit(80)} />
        </Form.Item>
        <Form.Item
          label="Capacidad del vehículo"
          name="vehicleCapacity"
          rules={[required, zodRule(fields.vehicleCapacity)]}
        >
          <InputNumber<number> style={{ width: "100%" }} />
        </Form.Item>
      </FormModal>
      <TemporaryPasswordModal
        title="Chofer creado"
        password={temporaryPassword}
        onClose={() => setTemporaryPassword(null)}
      />
    </>
  );
}
