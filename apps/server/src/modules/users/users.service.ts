/**
 * Users (the admin screens), one file per part: reading (read.service.ts), saving
 * (save.service.ts), form options and roles (roles.service.ts), with users-rows.ts beneath them.
 * This file is their one door.
 */
export * from "./read.service";
export * from "./roles.service";
export * from "./save.service";
