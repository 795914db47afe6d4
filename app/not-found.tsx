import Link from "next/link";
import { buttonClassName } from "@/components/ui/button";

export default function NotFound() {
  return (
    <div className="mx-auto max-w-xl py-12 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-3 text-muted-foreground">There is nothing at this address. It may have moved, or it may never have existed.</p>
      <Link href="/" className={buttonClassName({ className: "mt-6" })}>
        Go to Explore
      </Link>
    </div>
  );
}
