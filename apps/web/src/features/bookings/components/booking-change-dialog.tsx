import { getErrorMessage } from "@treiber/client";
import { formatDateShortTime } from "@treiber/client/format";
import {
  BOOKING_REASON_MAX,
  BOOKING_STATUS_LABELS,
  type BookingAdminStatus,
  bookingAdminRequestSchema,
  type ManifestItem,
  REQUIRED_MESSAGE,
} from "@treiber/contract";
import { Alert, App, Form, Input, Modal, Select, Typography } from "antd";
import { useEffect, useState } from "react";
import { formatServiceDate } from "../../../shared/format";
import { textLimit } from "../../../shared/forms/text-limit";
import { zodRule } from "../../../shared/forms/zod-rule";
import { useChangeBooking } from "../api/change-booking";
import {
  ADMIN_STATUS_OPTIONS,
  asAdminStatus,
  cutoffPassed,
  destructiveChangeDetail,
  isDestructiveChange,
} from "../lib/booking-status";
import { RiderPicker } from "./rider-picker";

/** Whose booking changes, on which route and date; without a rider, one is picked (a seat given). */
export interface BookingChangeTarget {
  routeId: number;
  routeName: string;
  date: string;
  cutoffAt: string;
  rider?: ManifestItem;
}

interface ChangeValues {
  employeeId?: number;
  status?: BookingAdminStatus;
  reason?: string;
}

const reasonRule = zodRule(bookingAdminRequestSchema.shape.reason);
const fullName = (rider: Pick<ManifestItem, "name" | "lastname">) => `${rider.name} ${rider.lastname}`.trim();

/** Whose booking, where and when, and whether the rider's cut-off has passed. */
function ChangeSummary({ target }: { target: BookingChangeTarget }) {
  const { rider } = target;
  const late = cutoffPassed(target.cutoffAt);
  return (
    <Typography.Paragraph>
      {rider ? `${fullName(rider)} (${rider.codeEmployee}) · ` : ""}
      {target.routeName} · {formatServiceDate(target.date)}
      <br />
      <Typography.Text type={late ? "warning" : "secondary"}>
        {late
          ? `El plazo terminó (${formatDateShortTime(target.cutoffAt)}): solo un administrador puede cambiarla.`
          : `Plazo para el colaborador: ${formatDateShortTime(target.cutoffAt)}.`}
      </Typography.Text>
    </Typography.Paragraph>
  );
}

/** «Colaborador» (when adding one), «Estado» and the required «Motivo». */
function ChangeFields({ pickRider }: { pickRider: boolean }) {
  return (
    <>
      {pickRider ? (
        <Form.Item
          label="Colaborador"
          name="employeeId"
          rules={[{ required: true, message: REQUIRED_MESSAGE }]}
        >
          <RiderPicker />
        </Form.Item>
      ) : null}
      <Form.Item label="Estado" name="status" rules={[{ required: true, message: REQUIRED_MESSAGE }]}>
        <Select<BookingAdminStatus> options={ADMIN_STATUS_OPTIONS} placeholder="Elija el estado" />
      </Form.Item>
      <Form.Item label="Motivo" name="reason" rules={[reasonRule]}>
        <Input count={textLimit(BOOKING_REASON_MAX)} placeholder="Por qué cambia la reserva" />
      </Form.Item>
    </>
  );
}

/**
 * «Cambiar reserva»: an administrator sets a rider's status on the route's date with a required
 * reason (PUT Booking/admin), also after the cut-off; cancelling, marking absent or sending an
 * expected rider to the waitlist asks first. Without a rider it gives one a booking («Agregar
 * colaborador»). The server's refusal shows in the dialog, in Spanish.
 */
export function BookingChangeDialog({
  target,
  onClose,
}: {
  target: BookingChangeTarget | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<ChangeValues>();
  const { message, modal } = App.useApp();
  const change = useChangeBooking();
  const [error, setError] = useState<string | null>(null);
  const rider = target?.rider;

  useEffect(() => {
    if (!target) return;
    setError(null);
    form.resetFields();
    form.setFieldsValue({ status: asAdminStatus(target.rider?.status) });
  }, [target, form]);

  async function save(values: Required<ChangeValues>) {
    if (!target) return;
    setError(null);
    try {
      const answer = await change.mutateAsync({
        employeeId: values.employeeId,
        routeId: target.routeId,
        date: target.date,
        status: values.status,
        reason: values.reason.trim(),
      });
      void message.success(answer.message);
      onClose();
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  }

  function submit(values: ChangeValues) {
    const employeeId = rider?.employeeId ?? values.employeeId;
    if (!target || !employeeId || !values.status || !values.reason) return;
    const complete = { employeeId, status: values.status, reason: values.reason };
    if (!isDestructiveChange(rider?.status, values.status)) return void save(complete);
    const who = rider ? fullName(rider) : "el colaborador";
    modal.confirm({
      title: `¿Seguro que desea marcar a ${who} como «${BOOKING_STATUS_LABELS[values.status]}»?`,
      content: `${target.routeName}, ${formatServiceDate(target.date)}. ${destructiveChangeDetail(values.status)}`,
      okText: "Sí, cambiar",
      cancelText: "No",
      onOk: () => save(complete),
    });
  }

  return (
    <Modal
      open={target !== null}
      title={rider ? "Cambiar reserva" : "Agregar colaborador"}
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={change.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {target ? <ChangeSummary target={target} /> : null}
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} name="bookingChange" layout="vertical" onFinish={submit}>
        <ChangeFields pickRider={!rider} />
      </Form>
    </Modal>
  );
}
