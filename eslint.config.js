import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

/** A role or employee type compared with a bare number (`roleId === 4`): name it (ROLE.coach). */
const roleRules = ["roleId", "role_id", "employeeType", "employee_type"].map((name) => ({
  selector: `BinaryExpression[operator=/^[!=]==?$/]:matches([left.property.name='${name}'], [left.name='${name}'], [right.property.name='${name}'], [right.name='${name}']):matches([left.raw=/^["']?[0-9]+["']?$/], [right.raw=/^["']?[0-9]+["']?$/])`,
  message: "Compare roles and employee types with ROLE and EMPLOYEE_TYPE (app/shared/roles.ts), not bare numbers.",
}));

/**
 * Issue 21 "Mexico's rules in one module": a time zone, a date formatter and the cents-to-pesos
 * division live only in app/shared/mexico (allowed there, refused everywhere else in app/).
 */
const mexicoRules = [
  {
    selector:
      "Literal[value=/^(Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\\u002F/], TemplateElement[value.raw=/^(Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\\u002F/]",
    message:
      "No hard-coded time zone: use the studio's timezone, or DEFAULT_TZ / STUDIO_TIME_ZONES from ~/shared/mexico/time.",
  },
  {
    selector: "Property[key.name=/^(timeZone|tz)$/][value.type='Literal']",
    message:
      "No hard-coded time zone: pass the studio's timezone (or DEFAULT_TZ) to a formatter of ~/shared/mexico/time.",
  },
  {
    selector:
      "Literal[value=/T\\d{2}:\\d{2}(:\\d{2})?[+-]\\d{2}:\\d{2}$/], TemplateElement[value.raw=/T\\d{2}:\\d{2}(:\\d{2})?[+-]\\d{2}:\\d{2}$/]",
    message: "No hard-coded UTC offset: use zonedToUtc(day, time, tz) from ~/shared/mexico/time.",
  },
  {
    selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
    message:
      "Dates are formatted by ~/shared/mexico/time (formatDate, formatDateTime, humanDateTime, dayBadge…), in the studio's zone.",
  },
  {
    selector:
      "CallExpression[callee.property.name=/^toLocale(Date|Time)String$/], CallExpression[callee.property.name='toLocaleString'] > ObjectExpression > Property[key.name=/^(timeZone|dateStyle|timeStyle|weekday|month)$/]",
    message:
      "Dates are formatted by ~/shared/mexico/time (formatDate, formatDateTime, humanDateTime, dayBadge…), in the studio's zone.",
  },
  {
    selector: "BinaryExpression[operator='/'][right.value=100]",
    message:
      "Money is integer cents: show it with formatMoney/formatPrice, convert with centsToPesos/centsToDecimal (~/shared/mexico/money), never `/ 100`.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "data/",
      ".react-router/",
      "node_modules/",
      "drizzle/",
      "test-results/",
      "playwright-report/",
      ".tmp/",
      // The demo videos made at start-up: their HLS segments are MPEG-TS files named *.ts.
      ".cache/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    // Domain code holds the business rules: it never reaches up into HTTP, the API routers or the UI.
    files: ["app/.server/domain/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/http/*", "~/.server/http/*", "**/api/*", "~/.server/api/*"],
              message: "Domain code must not import http/ or api/ (errors: domain/errors.ts, lists: domain/lists.ts).",
            },
            {
              group: ["~/components/*", "**/components/*", "~/routes/*"],
              allowTypeImports: true,
              message: "Domain code must not import UI code (types only).",
            },
          ],
        },
      ],
    },
  },
  {
    // Specs take `test` and `expect` from the house fixtures: they wait for a live page after each
    // navigation and run axe after each test (tests/e2e/support/fixtures.ts).
    files: ["tests/e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test", "expect"],
              message: "Import test and expect from ./support/fixtures.",
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 21 "tests that cannot lie": a test waits for the condition it needs, never for time, and
    // does not skip itself (a suite skipped for a reason that can no longer happen hides its checks).
    files: ["tests/**/*.{ts,mjs}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='waitForTimeout']",
          message: "Wait for a condition (expect(...), waitForResponse, an event), not for time.",
        },
        {
          selector:
            "NewExpression[callee.name='Promise'] > ArrowFunctionExpression CallExpression[callee.name='setTimeout']",
          message: "Wait for a condition (an event, expect.poll, vi.waitFor, fake timers), not for time.",
        },
        {
          selector:
            "CallExpression[callee.object.name='test'][callee.property.name='setTimeout'][arguments.0.type='Literal'], CallExpression[callee.property.name=/^(configure|poll)$/] Property[key.name='timeout'][value.type='Literal']",
          message:
            "A browser test's time limit is budget(ms) (tests/e2e/support/time.ts): it grows with the machine's load, a fixed number does not.",
        },
        {
          selector: "CallExpression[callee.object.name='test'][callee.property.name='skip']",
          message: "A test does not skip itself: make what it needs, or delete it.",
        },
      ],
    },
  },
  {
    // Issue 7 "one source per fact": roles and employee types by name (app/shared/roles.ts);
    // issue 21: Mexico's rules only in app/shared/mexico.
    files: ["app/**/*.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ...roleRules, ...mexicoRules] },
  },
  {
    // The one module allowed to name a time zone, format a date and divide cents by 100.
    files: ["app/shared/mexico/**/*.ts"],
    rules: { "no-restricted-syntax": ["error", ...roleRules] },
  },
  {
    // Issue 21 "the domain owns every write": an API file parses, calls one domain service and
    // answers. The service opens the transaction and writes the audit entry (domain/tx.ts
    // `inTransaction`), so an API file never does either.
    files: ["app/.server/api/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...roleRules,
        {
          selector: "CallExpression[callee.property.name='transaction'], CallExpression[callee.name='inTransaction']",
          message:
            "Open transactions in the domain service this route calls (domain/tx.ts inTransaction), not in the API.",
        },
      ],
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/domain/tx", "**/domain/audit/service"],
              allowTypeImports: true,
              message: "Transactions and audit entries belong to the domain service this route calls.",
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 21: components read the server's answers through shared/ types (the answer schemas in
    // app/shared/schemas, ApiData), never by importing from .server (the kit's answers too:
    // app/shared/schemas/kit-answers.ts).
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/.server/*", "**/.server/*"],
              message:
                "Components take the server's types from app/shared (answer schemas, ApiData), not from .server.",
            },
          ],
        },
      ],
    },
  },
  {
    // Issue 7 "typed client": every browser call names its answer by the route's response schema,
    // `api<ApiData<typeof someAnswer>>(...)` (a type-only import), or `apiOf<typeof someAnswer>(...)` when the
    // fields beside `data` are read too, never a hand-written type or none.
    files: ["app/components/**/*.{ts,tsx}", "app/routes/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}"],
    ignores: ["app/**/.server/**", "app/lib/api.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...roleRules,
        ...mexicoRules,
        {
          selector: "CallExpression[callee.name='api']:not([typeArguments])",
          message: "Name the answer's type from its route's response schema: api<ApiData<typeof someAnswer>>(...).",
        },
        {
          selector: "CallExpression[callee.name='apiOf']:not([typeArguments])",
          message: "Name the route's response schema: apiOf<typeof someAnswer>(...).",
        },
        {
          selector: "CallExpression[callee.name='apiOf'] > TSTypeParameterInstantiation > :not(TSTypeQuery)",
          message: "apiOf takes the route's response schema: apiOf<typeof someAnswer>(...).",
        },
        {
          selector:
            "CallExpression[callee.name='api'] > TSTypeParameterInstantiation > :not(TSTypeReference[typeName.name=/^Api(Data|Body)$/])",
          message:
            "An answer's type comes from its route's response schema (api<ApiData<typeof someAnswer>>, ApiBody for the whole body), not written by hand.",
        },
      ],
    },
  },
);
