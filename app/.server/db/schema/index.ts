export * from "./places";
export * from "./identity";
