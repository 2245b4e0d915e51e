export * from "./places";
export * from "./identity";
export * from "./credits";
export * from "./files";
export * from "./booking";
