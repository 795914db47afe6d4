import "server-only";
import { notFound } from "next/navigation";
import { requireViewer } from "@/lib/model/accounts/viewer";
import { asAdmin, type Admin } from "./admin-check";

/** The signed-in administrator; sign-in for the signed-out; for anyone else the page does not exist. */
export async function requireAdmin(returnTo = "/admin"): Promise<Admin> {
  const admin = asAdmin(await requireViewer(returnTo));
  if (!admin) notFound();
  return admin;
}
