interface ImportMetaEnv {
  /** Tile URL template for the maps, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png */
  readonly VITE_MAP_TILE_URL?: string;
}
