import { Alert, Button } from "antd";

/** The plan changed since it was proposed (409): the message and «Volver a proponer». */
export function PlanConflictAlert({ message, onRepropose }: { message: string; onRepropose: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={message}
      action={
        <Button size="small" type="primary" onClick={onRepropose}>
          Volver a proponer
        </Button>
      }
    />
  );
}
