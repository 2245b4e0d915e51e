export * from "./places";
export * from "./identity";
export * from "./credits";
export * from "./files";
export * from "./content";
export * from "./security";
export * from "./legal";
export * from "./commerce";
