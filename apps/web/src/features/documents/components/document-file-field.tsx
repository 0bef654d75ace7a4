import { formatNumber } from "@treiber/client/format";
import { Flex, Typography } from "antd";
import { useEffect, useRef } from "react";
import { DOCUMENT_FILE_ACCEPT } from "../lib/check-document-file";

export interface DocumentFileFieldProps {
  id?: string;
  value?: File;
  onChange?: (file: File | undefined) => void;
}

/** The paper's file (a Form.Item's control): a plain file input, its name and size once chosen. */
export function DocumentFileField({ id, value, onChange }: DocumentFileFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  // The form reset clears the value: clear the browser's own selection with it.
  useEffect(() => {
    if (!value && input.current) input.current.value = "";
  }, [value]);
  return (
    <Flex vertical gap={4}>
      <input
        ref={input}
        id={id}
        type="file"
        accept={DOCUMENT_FILE_ACCEPT}
        data-testid="document-file"
        onChange={(event) => onChange?.(event.target.files?.[0])}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {value
          ? `${value.name} · ${formatNumber(Math.max(1, Math.round(value.size / 1024)))} KB`
          : "PDF, JPG o PNG, hasta 10 MB"}
      </Typography.Text>
    </Flex>
  );
}
