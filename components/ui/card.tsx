import type { ComponentProps } from "react";
import { classNames } from "@/components/ui/class-names";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return <div className={classNames("rounded-lg border border-border bg-surface p-4 shadow-sm", className)} {...props} />;
}
