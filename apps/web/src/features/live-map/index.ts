export { LiveMap, type LiveMapProps } from "./components/live-map";
