import { classNames } from "@/components/ui/class-names";

/**
 * A field's error text. Always rendered (empty when there is no error) so screen readers announce
 * a message that appears; point the field's aria-describedby at `id`.
 */
export function FieldError({ id, messages, className }: { id: string; messages?: readonly string[] | string | undefined; className?: string }) {
  const list = typeof messages === "string" ? [messages] : (messages ?? []);
  return (
    <div id={id} aria-live="polite" aria-atomic="true" className={classNames("text-sm text-danger", className)}>
      {list.map((message) => (
        <p key={message} className="mt-1">
          {message}
        </p>
      ))}
    </div>
  );
}
