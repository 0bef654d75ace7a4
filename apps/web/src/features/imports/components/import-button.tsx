import { UploadOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { lazy, Suspense, useRef, useState } from "react";
import { importWithReload } from "../../../shared/lib/import-with-reload";
import type { ImportKind } from "../lib/import-kinds";

const ImportDialog = lazy(async () => {
  const module = await importWithReload(() => import("./import-dialog"));
  return { default: module.ImportDialog };
});

/**
 * «Importar» beside a list's create button; the dialog (upload, preview, result) is its own chunk,
 * loaded the first time it opens, and stays mounted afterwards (its closing animation).
 */
export function ImportButton({ kind }: { kind: ImportKind }) {
  const [open, setOpen] = useState(false);
  const opened = useRef(false);
  if (open) opened.current = true;
  return (
    <>
      <Button icon={<UploadOutlined aria-hidden />} onClick={() => setOpen(true)}>
        Importar
      </Button>
      {opened.current && (
        <Suspense fallback={null}>
          <ImportDialog kind={kind} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
