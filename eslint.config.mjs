import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import { roomZones } from "./lib/rooms.mjs";

// Next's recommended rules (React, hooks, accessibility, Core Web Vitals) and typescript-eslint's; `npm test`
// runs it with --max-warnings 0.
export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    rules: {
      // A leading underscore marks what is left out on purpose (`const { secret: _secret, ...rest } = …`).
      "@typescript-eslint/no-unused-vars": ["warn", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      // A callback that may run before the variable's one assignment needs it declared first.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // lib/'s rooms point one way (lib/rooms.mjs): a room imports only rooms listed before it. Tests may reach anywhere.
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "lib/testing/**"],
    rules: { "import/no-restricted-paths": ["error", { zones: roomZones() }] },
  },
  {
    // The catalog owns its tables: outside lib/model/catalog, Capability, Agent and Plan are read and written only
    // through the catalog's functions (no Prisma relation into them either) and read in SQL only through its views.
    // Tests and the test helpers may set rows up directly.
    files: ["lib/**/*.{ts,tsx}", "app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "proxy.ts"],
    ignores: ["lib/model/catalog/**", "lib/testing/**", "**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name=/^(db|tx)$/][property.name=/^(capability|agent|plan)$/]",
          message: "The Capability, Agent and Plan tables are the catalog's: ask lib/model/catalog.",
        },
        {
          // A relation into them from another model's query (a where, select, include, _count or connect naming
          // `capability`, `agent`, `plan`…). A call on db or tx, or any `x.model.method(…)` with a Prisma method's
          // name, so a client passed under another name is caught too.
          selector:
            ":matches(CallExpression[callee.object.object.name=/^(db|tx)$/], CallExpression[callee.object.type='MemberExpression'][callee.property.name=/^(findMany|findFirst|findFirstOrThrow|findUnique|findUniqueOrThrow|count|aggregate|groupBy|create|createMany|createManyAndReturn|update|updateMany|updateManyAndReturn|upsert|delete|deleteMany)$/]) Property[key.name=/^(agent|agents|capability|capabilities|plan|plans|answeredCapability|recipientAgent)$/]",
          message: "Relations into the Capability, Agent and Plan tables are the catalog's: ask lib/model/catalog for the row ids.",
        },
        {
          selector: 'TemplateElement[value.raw=/"(Capability|Agent|Plan)"/], Literal[value=/"(Capability|Agent|Plan)"/]',
          message: "SQL over the Capability, Agent and Plan tables belongs to lib/model/catalog; read its views (lib/model/catalog/views.ts).",
        },
      ],
    },
  },
  globalIgnores([".next/**", "dist/**", "generated/**", "node_modules/**", "test-results/**", "playwright-report/**", ".data/**", "next-env.d.ts"]),
]);
