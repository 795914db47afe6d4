// Types for lib/rooms.mjs, which eslint.config.mjs loads as plain JavaScript.
export declare const ROOMS: readonly string[];
export declare function roomZones(): { target: string; from: string[]; message: string }[];
