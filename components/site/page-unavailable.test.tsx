import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import ErrorPage from "@/app/error";
import GlobalError from "@/app/global-error";

// Next hands the error pages a server error without its message, only a digest.
const serverError = Object.assign(new Error("Invalid `prisma.$queryRaw()` invocation: Can't reach database server at 10.0.0.5:5432"), { digest: "2718281828" });

describe("the error pages", () => {
  it("say the page is temporarily unavailable and to try again in a moment, with the reference, never the error", () => {
    for (const html of [
      renderToStaticMarkup(<ErrorPage error={serverError} retry={() => {}} />),
      renderToStaticMarkup(<GlobalError error={serverError} retry={() => {}} />),
    ]) {
      expect(html).toContain("Temporarily unavailable");
      expect(html).toContain("Try again in a moment");
      expect(html).toContain("Reference: 2718281828");
      expect(html).not.toContain("prisma");
      expect(html).not.toContain("10.0.0.5");
    }
  });

  it("gives the root layout's failure a whole document", () => {
    expect(renderToStaticMarkup(<GlobalError error={serverError} retry={() => {}} />)).toMatch(/^<html lang="en">(<head><\/head>)?<body[^>]*>/);
  });
});
