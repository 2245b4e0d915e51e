import Home, { loader as homeLoader } from "../home";
import { t } from "~/lib/messages";
import { NOINDEX } from "~/lib/seo";
import type { Route } from "./+types/sandbox-home";
import classes from "~/components/site/content/Content.module.css";
import { requireGuards } from "~/.server/pages/guard";
import { homeData } from "~/.server/domain/content/service";

/** The home page with its unpublished sections too (staff only), to review before publishing. */
export async function loader(args: Route.LoaderArgs) {
  requireGuards(args, ["admin", "noCashiers"]);
  const [base, drafts] = await Promise.all([
    homeLoader(args as never),
    homeData(args.context.deps.db, { drafts: true }),
  ]);
  return { ...base, sections: drafts.sections };
}

export function meta() {
  return [{ title: t("content.meta.sandboxTitle") }, NOINDEX];
}

export default function SandboxHome(props: Route.ComponentProps) {
  return (
    <>
      <p className={classes.banner} role="status">
        {t("content.sandbox.banner")}
      </p>
      <Home loaderData={props.loaderData} />
    </>
  );
}
