export * from "./users";
export * from "./mailbox";
export * from "./content";
export * from "./subscriptions";
export * from "./deliveries";
export * from "./favorites";
export * from "./billing";
export * from "./feedback";
