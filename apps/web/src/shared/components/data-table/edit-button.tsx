import { Button } from "antd";

/** A row's "Editar" button, its accessible name "Editar <label>". */
export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="small" aria-label={`Editar ${label}`} onClick={onClick}>
      Editar
    </Button>
  );
}
