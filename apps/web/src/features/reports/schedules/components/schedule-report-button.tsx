import { DeleteOutlined, MailOutlined } from "@ant-design/icons";
import { getErrorMessage } from "@treiber/client";
import { formatDateShortTime } from "@treiber/client/format";
import {
  INTEGRATION_MESSAGES,
  type ReportScheduleItem,
  reportScheduleCreateSchema,
  SCHEDULED_REPORT_LABELS,
  type ScheduledReport,
  type ScheduleFrequency,
} from "@treiber/contract";
import {
  Alert,
  App,
  Button,
  Divider,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from "antd";
import { useState } from "react";
import { zodRule } from "../../../../shared/forms/zod-rule";
import { useIsSupplierUser } from "../../../../shared/session/portal-role";
import {
  useCreateReportSchedule,
  useDeleteReportSchedule,
  useReportSchedules,
} from "../api/report-schedules";
import {
  describeSchedule,
  FREQUENCY_OPTIONS,
  SCHEDULE_FILTER_LABELS,
  scheduledReportOf,
  scheduleFiltersOf,
  WEEKDAY_LABELS,
} from "../lib/schedule-filters";

type FormValues = {
  frequency: ScheduleFrequency;
  time: string;
  weekday?: number;
  monthDay?: number;
  recipients: string[];
};

const WEEKDAY_OPTIONS = WEEKDAY_LABELS.map((label, index) => ({ value: index + 1, label }));
const recipientsRule = {
  validator: async (_rule: unknown, value: string[] | undefined) => {
    const result = reportScheduleCreateSchema.shape.recipients.safeParse(value ?? []);
    if (!result.success) throw new Error(INTEGRATION_MESSAGES.recipients);
  },
};

function LastRun({ item }: { item: ReportScheduleItem }) {
  if (!item.lastRunAt) return <Tag>Sin envíos aún</Tag>;
  const when = formatDateShortTime(item.lastRunAt);
  if (item.lastStatus === "sent") return <Tag color="green">Enviado {when}</Tag>;
  return (
    <Tooltip title={item.lastError ?? undefined}>
      <Tag color="red">Falló {when}</Tag>
    </Tooltip>
  );
}

/** The schedules of this report (an Admin's own; a SuperAdmin's all), each with «Eliminar». */
function ScheduleList({ report }: { report: ScheduledReport }) {
  const { message } = App.useApp();
  const schedules = useReportSchedules(report, true);
  const remove = useDeleteReportSchedule();
  if (schedules.error) return <Alert type="error" showIcon message={getErrorMessage(schedules.error)} />;
  const columns: TableColumnsType<ReportScheduleItem> = [
    {
      title: "Envío",
      key: "when",
      render: (_, item) => (
        <Flex vertical gap={2}>
          <span>{describeSchedule(item)}</span>
          <Typography.Text type="secondary">Para: {item.recipients.join(", ")}</Typography.Text>
          {item.createdBy ? (
            <Typography.Text type="secondary">Programado por {item.createdBy}</Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: "Próximo / último",
      key: "runs",
      render: (_, item) => (
        <Flex vertical gap={2} align="flex-start">
          <span>{formatDateShortTime(item.nextRunAt)}</span>
          <LastRun item={item} />
        </Flex>
      ),
    },
    {
      title: "",
      key: "actions",
      width: 110,
      render: (_, item) => (
        <Popconfirm
          title="¿Eliminar este envío programado?"
          okText="Eliminar"
          cancelText="Cancelar"
          onConfirm={async () => {
            try {
              void message.success((await remove.mutateAsync(item.id)).message);
            } catch (failure) {
              void message.error(getErrorMessage(failure));
            }
          }}
        >
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Eliminar envío ${item.id}`}>
            Eliminar
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Table<ReportScheduleItem>
      size="small"
      rowKey="id"
      pagination={false}
      loading={schedules.isLoading}
      columns={columns}
      dataSource={schedules.data?.list ?? []}
      locale={{ emptyText: "Este reporte no tiene envíos programados" }}
    />
  );
}

/**
 * «Programar envío» (issue 39): the page's report, with its current filters (not the dates: the
 * period is the frequency's), mailed as Excel daily, weekly or monthly at a local time. One
 * component for every report page and the cuts; nothing for an export that cannot be scheduled
 * or for a supplier's user.
 */
export function ScheduleReportButton({ excelPath, params }: { excelPath: string; params?: object }) {
  const report = scheduledReportOf(excelPath);
  const supplierUser = useIsSupplierUser();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<FormValues>();
  const frequency = Form.useWatch("frequency", form);
  const create = useCreateReportSchedule();
  const { message } = App.useApp();
  if (!report || supplierUser) return null;
  const filters = scheduleFiltersOf(params);
  const filterEntries = Object.entries(filters);

  async function submit(values: FormValues) {
    if (!report) return;
    setError(null);
    try {
      await create.mutateAsync({
        report,
        frequency: values.frequency,
        time: values.time.trim(),
        ...(values.frequency === "weekly" && { weekday: values.weekday }),
        ...(values.frequency === "monthly" && { monthDay: values.monthDay }),
        recipients: values.recipients.map((email) => email.trim()),
        filters,
      });
      void message.success("Envío programado");
      form.resetFields();
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  }

  return (
    <>
      <Button icon={<MailOutlined />} onClick={() => setOpen(true)}>
        Programar envío
      </Button>
      <Modal
        open={open}
        title={`Programar envío: ${SCHEDULED_REPORT_LABELS[report]}`}
        okText="Programar"
        cancelText="Cerrar"
        confirmLoading={create.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        width={640}
      >
        <ScheduleList report={report} />
        <Divider />
        <Typography.Paragraph type="secondary">
          El Excel llega adjunto por correo a la hora indicada (hora de las sucursales), con el período
          anterior: el día, los 7 días o el mes. Se genera con sus permisos.
        </Typography.Paragraph>
        {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
        <Form<FormValues>
          form={form}
          layout="vertical"
          initialValues={{ frequency: "daily", time: "07:00", recipients: [] }}
          onFinish={submit}
        >
          <Flex gap={12} wrap>
            <Form.Item name="frequency" label="Frecuencia" required style={{ minWidth: 260 }}>
              <Select options={FREQUENCY_OPTIONS} aria-label="Frecuencia" />
            </Form.Item>
            <Form.Item
              name="time"
              label="Hora (HH:mm)"
              rules={[zodRule(reportScheduleCreateSchema.shape.time)]}
              style={{ width: 120 }}
            >
              <Input aria-label="Hora" placeholder="07:00" maxLength={5} />
            </Form.Item>
            {frequency === "weekly" ? (
              <Form.Item
                name="weekday"
                label="Día"
                rules={[{ required: true, message: INTEGRATION_MESSAGES.weekday }]}
                style={{ minWidth: 150 }}
              >
                <Select options={WEEKDAY_OPTIONS} aria-label="Día de la semana" />
              </Form.Item>
            ) : null}
            {frequency === "monthly" ? (
              <Form.Item
                name="monthDay"
                label="Día del mes"
                rules={[zodRule(reportScheduleCreateSchema.shape.monthDay.unwrap())]}
                style={{ width: 120 }}
              >
                <InputNumber aria-label="Día del mes" />
              </Form.Item>
            ) : null}
          </Flex>
          <Form.Item name="recipients" label="Destinatarios" rules={[recipientsRule]}>
            <Select
              mode="tags"
              aria-label="Destinatarios"
              placeholder="correo@empresa.com (Enter para agregar)"
              tokenSeparators={[",", ";", " "]}
              open={false}
            />
          </Form.Item>
          <Form.Item label="Filtros de la página">
            {filterEntries.length === 0 ? (
              <Typography.Text type="secondary">Sin filtros: todas las filas</Typography.Text>
            ) : (
              <Flex gap={4} wrap>
                {filterEntries.map(([key, value]) => (
                  <Tag key={key}>
                    {SCHEDULE_FILTER_LABELS[key] ?? key}: {value}
                  </Tag>
                ))}
              </Flex>
            )}
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
