import {
  DOCUMENT_FILE_REQUIRED_MESSAGE,
  DOCUMENT_OWNER_LABELS,
  DOCUMENT_OWNER_TYPES,
  DOCUMENT_TYPE_LABELS,
  DOCUMENT_TYPES_BY_OWNER,
  DOCUMENT_UPLOADED_MESSAGE,
  type DocumentOwnerType,
  type DocumentType,
  documentUploadFieldsSchema,
  LICENSE_CATEGORIES,
  LICENSE_CATEGORY_LABELS,
  REQUIRED_MESSAGE,
} from "@treiber/contract";
import { Alert, App, DatePicker, Form, Input, Select } from "antd";
import type { Dayjs } from "dayjs";
import { FormModal } from "../../../shared/components/data-table";
import { toServiceDate } from "../../../shared/format";
import { textLimit } from "../../../shared/forms/text-limit";
import { DATE_PICKER_FORMAT } from "../../../shared/forms/time-of-day";
import { zodRule } from "../../../shared/forms/zod-rule";
import { useUploadDocument } from "../api/upload-document";
import { useOwnerOptions } from "../hooks/use-owner-options";
import { documentFileProblem } from "../lib/check-document-file";
import { DocumentFileField } from "./document-file-field";

interface UploadValues {
  ownerType: DocumentOwnerType;
  ownerId: number;
  type: DocumentType;
  category?: (typeof LICENSE_CATEGORIES)[number];
  number: string;
  expiresOn: Dayjs;
  file: File;
}

const required = { required: true, message: REQUIRED_MESSAGE };
const fields = documentUploadFieldsSchema.shape;
const OWNER_TYPE_OPTIONS = DOCUMENT_OWNER_TYPES.map((value) => ({
  value,
  label: DOCUMENT_OWNER_LABELS[value],
}));
const CATEGORY_OPTIONS = LICENSE_CATEGORIES.map((value) => ({
  value,
  label: LICENSE_CATEGORY_LABELS[value],
}));

const fileRule = {
  validator: async (_rule: unknown, file: File | undefined) => {
    if (!file) throw new Error(DOCUMENT_FILE_REQUIRED_MESSAGE);
    const problem = documentFileProblem(file);
    if (problem) throw new Error(problem);
  },
};

export interface DocumentUploadDialogProps {
  open: boolean;
  /** A supplier's user: the server offers only their drivers and supplier; the upload waits for review. */
  supplierUser: boolean;
  onClose: () => void;
}

/**
 * «Cargar documento»: the titular (driver, vehicle or supplier), the paper's type for that titular,
 * the licence's category, its number, expiry and file (PDF/JPG/PNG ≤ 10 MB, checked here before it
 * is sent and by content on the server), as a multipart POST Document.
 */
export function DocumentUploadDialog({ open, supplierUser, onClose }: DocumentUploadDialogProps) {
  const [form] = Form.useForm<UploadValues>();
  const { message } = App.useApp();
  const upload = useUploadDocument();
  const ownerType = Form.useWatch("ownerType", form);
  const type = Form.useWatch("type", form);
  const owners = useOwnerOptions(ownerType, open);

  async function submit(values: UploadValues) {
    const answer = await upload.mutateAsync({
      fields: {
        ownerType: values.ownerType,
        ownerId: values.ownerId,
        type: values.type,
        number: values.number.trim(),
        expiresOn: toServiceDate(values.expiresOn),
        ...(values.type === "LICENSE" && values.category && { category: values.category }),
      },
      file: values.file,
    });
    void message.success(answer.message || DOCUMENT_UPLOADED_MESSAGE);
  }

  return (
    <FormModal<UploadValues>
      open={open}
      title="Cargar documento"
      form={form}
      onClose={onClose}
      onSubmit={submit}
      savedLabel={false}
    >
      {supplierUser ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Un administrador revisará el documento: cuenta desde que lo apruebe."
        />
      ) : null}
      <Form.Item label="Titular" name="ownerType" rules={[required]}>
        <Select<DocumentOwnerType>
          placeholder="Chofer, vehículo o suplidor"
          options={OWNER_TYPE_OPTIONS}
          onChange={() => form.setFieldsValue({ ownerId: undefined, type: undefined, category: undefined })}
        />
      </Form.Item>
      <Form.Item
        label={ownerType ? DOCUMENT_OWNER_LABELS[ownerType] : "Nombre"}
        name="ownerId"
        rules={[required]}
      >
        <Select<number>
          aria-label="Nombre del titular"
          disabled={!ownerType}
          placeholder={ownerType === "VEHICLE" ? "Buscar por placa o chofer" : "Buscar"}
          showSearch={
            owners.searchOnServer
              ? { filterOption: false, onSearch: owners.setSearch }
              : { optionFilterProp: "label" }
          }
          loading={owners.loading}
          options={owners.options}
          notFoundContent={owners.error ? "No se pudieron cargar los titulares" : "No hay registros"}
        />
      </Form.Item>
      <Form.Item label="Documento" name="type" rules={[required]}>
        <Select<DocumentType>
          disabled={!ownerType}
          placeholder="Tipo de documento"
          options={(ownerType ? DOCUMENT_TYPES_BY_OWNER[ownerType] : []).map((value) => ({
            value,
            label: DOCUMENT_TYPE_LABELS[value],
          }))}
        />
      </Form.Item>
      {type === "LICENSE" ? (
        <Form.Item label="Categoría" name="category" rules={[required]}>
          <Select placeholder="Categoría de la licencia" options={CATEGORY_OPTIONS} />
        </Form.Item>
      ) : null}
      <Form.Item label="Número" name="number" required rules={[zodRule(fields.number)]}>
        <Input count={textLimit(60)} autoComplete="off" />
      </Form.Item>
      <Form.Item label="Vence" name="expiresOn" rules={[required]}>
        <DatePicker format={DATE_PICKER_FORMAT} style={{ width: "100%" }} placeholder="DD/MM/AAAA" />
      </Form.Item>
      <Form.Item label="Archivo" name="file" required rules={[fileRule]}>
        <DocumentFileField />
      </Form.Item>
    </FormModal>
  );
}
