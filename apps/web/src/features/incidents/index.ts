export { IncidentsPanel, type IncidentsPanelProps } from "./components/incidents-panel";
