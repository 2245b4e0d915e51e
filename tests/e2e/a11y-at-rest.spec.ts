import { expectNoA11yViolations, test } from "./support/fixtures";

/**
 * axe checks a page at rest: a notification fading in (its text's colour blended with the white
 * behind it) is not a contrast failure once it has arrived. Run 2 of stop 27's series failed on a
 * login toast caught mid-fade (3.66:1); its colours at rest are 5.9:1.
 */
test("a fading-in notification is checked once it has arrived, not mid-fade", async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="es"><head><title>Aviso</title><style>
    @keyframes in { from { opacity: 0.2 } to { opacity: 1 } }
    .toast { color: #5f666d; background: #fff; animation: in 1.5s linear; }
  </style></head><body><main><h1>Aviso</h1><div role="alert" class="toast">¡Hola de nuevo!</div></main></body></html>`);
  await expectNoA11yViolations(page);
});
