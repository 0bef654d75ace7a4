import { Button, Modal, Popconfirm, Steps } from "antd";
import { useImportFlow } from "../hooks/use-import-flow";
import { commitSummary, countOf, IMPORT_KINDS, type ImportKind } from "../lib/import-kinds";
import { invitationsLine } from "../lib/invitation-wording";
import { ImportFileStep } from "./import-file-step";
import { displayApiDate } from "./import-invitations-choice";
import { ImportPreviewStep } from "./import-preview-step";
import { ImportResultStep } from "./import-result-step";

export interface ImportDialogProps {
  kind: ImportKind;
  open: boolean;
  onClose: () => void;
}

const STEP_INDEX = { file: 0, preview: 1, done: 2 } as const;

/**
 * «Importar colaboradores» / «Importar choferes»: choose a sheet, see every row's state (the dry
 * run), import all or nothing, see what was written.
 */
export function ImportDialog({ kind, open, onClose }: ImportDialogProps) {
  const config = IMPORT_KINDS[kind];
  const flow = useImportFlow(config);
  const report = flow.report;
  const committing = flow.busy === "committing";
  const importLabel = `Importar ${countOf(config, report?.valid ?? 0)}`;
  const created = report?.created ?? 0;
  const { invitations } = flow;
  // «Crear sin enviar» needs its day before anything is written.
  const undated = created > 0 && invitations.hold && !invitations.on;
  const blocked = !report || report.invalid > 0 || report.valid === 0 || undated;
  const heldUntil = invitations.hold && invitations.on ? displayApiDate(invitations.on) : null;

  const close = () => {
    if (committing) return;
    flow.restart();
    onClose();
  };

  const footer =
    flow.step === "file" ? (
      <Button onClick={close}>Cancelar</Button>
    ) : flow.step === "preview" ? (
      <>
        <Button onClick={flow.restart} disabled={committing}>
          Elegir otro archivo
        </Button>
        <Popconfirm
          title={`¿${importLabel}?`}
          description={
            <>
              <div>{commitSummary(config, created, report?.updated ?? 0, report?.unchanged ?? 0)}</div>
              <div>{invitationsLine(created, heldUntil)}</div>
            </>
          }
          okText="Importar"
          cancelText="Cancelar"
          onConfirm={() => void flow.commit()}
          disabled={blocked}
        >
          <Button type="primary" disabled={blocked} loading={committing}>
            {importLabel}
          </Button>
        </Popconfirm>
      </>
    ) : (
      <Button type="primary" onClick={close}>
        Listo
      </Button>
    );

  return (
    <Modal
      open={open}
      title={`Importar ${config.plural}`}
      width={1040}
      onCancel={close}
      maskClosable={false}
      footer={footer}
      destroyOnHidden
    >
      <Steps
        size="small"
        current={STEP_INDEX[flow.step]}
        style={{ marginBottom: 24 }}
        items={[{ title: "Archivo" }, { title: "Revisión" }, { title: "Resultado" }]}
      />
      {flow.step === "file" && <ImportFileStep config={config} flow={flow} />}
      {flow.step === "preview" && <ImportPreviewStep config={config} flow={flow} />}
      {flow.step === "done" && <ImportResultStep config={config} flow={flow} />}
    </Modal>
  );
}
