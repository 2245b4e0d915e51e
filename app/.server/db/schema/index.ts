export * from "./places";
export * from "./identity";
export * from "./credits";
export * from "./files";
export * from "./security";
export * from "./legal";
export * from "./commerce";
export * from "./booking";
