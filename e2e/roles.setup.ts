import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test as setup } from "@playwright/test";
import { signInByEmail } from "./helpers";
import { leak, roles, storageDir, ADMIN_EMAIL } from "./roles/roles";

// One storage state per role: each signs in once by the emailed link and sets its age and 18+
// switch through the real settings page. Then the leak fixture is imported for publisher A.

setup.describe.configure({ mode: "serial" });

setup("signed out", async () => {
  mkdirSync(storageDir, { recursive: true });
  writeFileSync(roles.signedOut.storageState, JSON.stringify({ cookies: [], origins: [] }));
});

for (const role of Object.values(roles)) {
  if (!role.email) continue;
  const email = role.email;
  setup(`sign in as ${role.name}`, async ({ page }) => {
    await signInByEmail(page, email, "/settings");
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    if (role.dateOfBirth) {
      await page.getByLabel("Date of birth").fill(role.dateOfBirth);
      await page.getByRole("button", { name: "Save age settings" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
    }
    if (role.showMature) {
      const toggle = page.getByLabel("Show 18+ services");
      if (await toggle.isEnabled()) {
        await toggle.check();
        await page.getByRole("button", { name: "Save age settings" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
      }
    }
    await page.context().storageState({ path: role.storageState });
  });
}

setup("the leak fixture", async () => {
  const email = roles.publisherA.email ?? "";
  execFileSync("npx", ["tsx", "--conditions=react-server", path.join("e2e", "roles", "leak-fixture.ts"), email, ADMIN_EMAIL], {
    stdio: "inherit",
    env: process.env,
  });
  expect(leak.handle).toBeTruthy();
});
