import { Button } from "antd";
import type { PersonRoutesTarget } from "./person-routes-drawer";

export interface PersonRoutesButtonProps {
  person: PersonRoutesTarget;
  onOpen: (person: PersonRoutesTarget) => void;
}

/** The 'Rutas' button of a driver's or collaborator's row: opens its routes drawer. */
export function PersonRoutesButton({ person, onOpen }: PersonRoutesButtonProps) {
  return (
    <Button size="small" aria-label={`Rutas de ${person.name}`} onClick={() => onOpen(person)}>
      Rutas
    </Button>
  );
}
