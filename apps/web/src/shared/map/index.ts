export { BaseMap, type BaseMapProps } from "./base-map";
export { fixLeafletDefaultIcon } from "./leaflet-default-icon";
export { LocationPickerMap, type MapPoint } from "./location-picker-map";
export {
  DEFAULT_MAP_ATTRIBUTION,
  DEFAULT_MAP_CENTER,
  DEFAULT_MAP_TILE_URL,
  DEFAULT_MAP_ZOOM,
  MAP_TILE_URL,
  MAX_MAP_ZOOM,
  POINT_MAP_ZOOM,
  resolveTileUrl,
} from "./map-config";
