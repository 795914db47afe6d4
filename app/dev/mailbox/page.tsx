import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isDevMailboxEnabled, listDevMail } from "@/lib/model/accounts/dev-mailbox";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Development mailbox", robots: { index: false } };

const timeFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium" });

export default async function DevMailboxPage() {
  if (!isDevMailboxEnabled()) notFound();
  const mails = await listDevMail(20);
  return (
    <div>
      <h1 className="text-2xl font-semibold">Development mailbox</h1>
      <p className="mt-2 text-muted-foreground">Sign-in links that would have been emailed, newest first. Shown only in development without SMTP.</p>
      {mails.length === 0 ? (
        <p className="mt-6">No sign-in links yet.</p>
      ) : (
        <table className="mt-6 w-full border-collapse text-left text-sm">
          <caption className="sr-only">The latest 20 sign-in links</caption>
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-2 pr-4 font-medium">
                To
              </th>
              <th scope="col" className="py-2 pr-4 font-medium">
                Sent
              </th>
              <th scope="col" className="py-2 font-medium">
                Link
              </th>
            </tr>
          </thead>
          <tbody>
            {mails.map((mail) => (
              <tr key={mail.id} className="border-b border-border align-top">
                <td className="py-2 pr-4">{mail.to}</td>
                <td className="py-2 pr-4 whitespace-nowrap">
                  <time dateTime={mail.createdAt.toISOString()}>{timeFormat.format(mail.createdAt)}</time>
                </td>
                <td className="py-2">
                  <a href={mail.url} className="font-medium underline">
                    Sign in as {mail.to}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
