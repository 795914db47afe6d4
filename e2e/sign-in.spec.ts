import { test, expect } from "@playwright/test";
import { signInByEmail, uniqueEmail } from "./helpers";

test("a person signs in with the link emailed to them, and out again", async ({ page }) => {
  const email = uniqueEmail("reader");
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/sign-in/);

  await signInByEmail(page, email, "/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your agents" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(email);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/sign-in/);
});

test("a bad email address is refused beside the field", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("Email address").fill("not-an-address");
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  const field = page.getByLabel("Email address");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
  await expect(page.locator(`#${describedBy.split(" ")[0]}`)).not.toBeEmpty();
});
