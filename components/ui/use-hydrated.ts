"use client";

import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};
const onClient = () => true;
const onServer = () => false;

/**
 * False in the server's HTML and during hydration's first pass, true once React runs the component in the
 * browser: for what only works with JavaScript (a button whose click does nothing before then, local time).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNothing, onClient, onServer);
}
