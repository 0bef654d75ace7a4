import { InboxOutlined } from "@ant-design/icons";
import { IMPORT_MAX_BYTES } from "@treiber/contract";
import { clientPath } from "@treiber/contract/api-paths";
import { Alert, Flex, Spin, Typography, Upload } from "antd";
import { ExcelDownloadButton } from "../../../shared/components/excel-download";
import type { ImportFlow } from "../hooks/use-import-flow";
import type { ImportKindConfig } from "../lib/import-kinds";
import { HeldInvitationsNotice } from "./held-invitations-notice";
import { ImportColumnHelp } from "./import-column-help";

/** The file types the chooser offers (the server reads the content, not the name). */
export const IMPORT_ACCEPT = ".xlsx,.csv";
const MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;

/** Step 1: the template, the file chooser (its dry run starts at once) and the columns' rules. */
export function ImportFileStep({ config, flow }: { config: ImportKindConfig; flow: ImportFlow }) {
  const checking = flow.busy === "checking";
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph style={{ margin: 0 }}>
        Descargue la plantilla, escriba una fila por {config.singular} y súbala: primero se revisa sin guardar
        nada y verá el estado de cada fila antes de importar.
      </Typography.Paragraph>
      <Flex>
        <ExcelDownloadButton
          path={clientPath(config.template)}
          fileName={config.templateFileName}
          label="Descargar plantilla"
        />
      </Flex>
      <Upload.Dragger
        accept={IMPORT_ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={checking}
        beforeUpload={(file) => {
          void flow.check(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">Elegir archivo (.xlsx o .csv)</p>
        <p className="ant-upload-hint">{`Haga clic o arrastre el archivo aquí. Hasta ${MAX_MB} MB.`}</p>
      </Upload.Dragger>
      {checking && (
        <Flex role="status" gap={12} align="center">
          <Spin size="small" />
          <span>{`Revisando «${flow.file?.name ?? "archivo"}»…`}</span>
        </Flex>
      )}
      {flow.error && (
        <Alert type="error" showIcon title={flow.error} closable={{ onClose: flow.dismissError }} />
      )}
      <HeldInvitationsNotice />
      <ImportColumnHelp columns={config.columns} />
    </Flex>
  );
}
