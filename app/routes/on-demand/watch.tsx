import { useEffect, useRef, useState, type ComponentType } from "react";
import { Link, data, useLocation } from "react-router";
import { api, type ApiData } from "~/lib/api";
import { useUi } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import { useLocalePath } from "~/components/site/useLocalePath";
import { VideoGrid } from "~/components/on-demand/VideoCard";
import { PlanOffer } from "~/components/on-demand/PlanOffer";
import { clock, minutesOf } from "~/components/on-demand/format";
import type { PlayerHandle, PlayerProps } from "~/components/on-demand/Player";
import { loadPlayer, warmPlayer, whenIdle } from "~/components/on-demand/player-loader";
import type { playAnswer } from "~/shared/schemas/on-demand-answers";
import classes from "~/components/on-demand/OnDemand.module.css";
import { ROLE } from "~/.server/db/schema";
import { onDemandPage } from "~/.server/domain/on-demand/pages";
import { filterId, relatedVideos, videoCard } from "~/.server/domain/on-demand/library";
import { playState, videoGone, type PlayGrant } from "~/.server/domain/on-demand/watch";
import { listPlans } from "~/.server/domain/commerce/catalogue";
import { AppError } from "~/.server/domain/errors";
import type { Route } from "./+types/watch";

type Access = "watch" | "login" | "no_plan" | "no_classes" | "staff";

/**
 * /on-demand/watch/{id}: the video's page. A customer with an active plan plays it (the player's
 * code loads only then); anyone else sees the video, the plans and a clear call to buy, and comes
 * back here after paying. A deleted or unpublished video answers 410 with a Spanish message.
 *
 * An entitled customer's page carries her play grant (the same short-lived signed media link
 * `POST /on-demand/videos/{id}/play` answers; it spends nothing), so pressing play needs no round
 * trip (issue 23). Such a page is `Cache-Control: private, no-store`.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { deps, auth } = context;
  const { enabled, tester } = await onDemandPage(deps, auth.user);
  if (!enabled) return null;
  const id = filterId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const video = await videoCard(deps.db, id, { tester });
  if (!video) {
    if (await videoGone(deps.db, id)) throw new AppError(410, t("nucleoHome.errors.videoGone"));
    throw data(null, { status: 404 });
  }
  const user = auth.user;
  let access: Access = "login";
  let position = 0;
  let unlimited = false;
  let counted = false;
  let grant: PlayGrant | null = null;
  /** The grant's life when it was signed, in seconds (the page measures its age with its own clock). */
  let grantSeconds = 0;
  if (user && user.roleId !== ROLE.customer) access = "staff";
  else if (user) {
    const now = deps.clock();
    const state = await playState(deps.db, {
      userId: user.id,
      videoId: id,
      tester,
      now,
      secret: deps.secrets.derive("on-demand-media"),
    });
    if (state.entitlement.watch) {
      access = "watch";
      unlimited = state.entitlement.unlimited;
      counted = state.entitlement.alreadyCounted;
      position = state.positionSeconds;
      grant = state.grant;
      grantSeconds = grant ? Math.floor((Date.parse(grant.expires_at) - now.getTime()) / 1000) : 0;
    } else access = state.entitlement.reason;
  }
  const [related, plans] = await Promise.all([
    relatedVideos(deps.db, video, { tester }),
    access === "watch" || access === "staff" ? Promise.resolve([]) : listPlans(deps.db),
  ]);
  const page = { video, related, access, position, unlimited, counted, plans, grant, grantSeconds };
  return grant ? data(page, { headers: { "Cache-Control": "private, no-store" } }) : page;
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ data: d }: Route.MetaArgs) {
  return pageMeta({
    title: t("content.meta.suffix", { title: d?.video.title ?? t("content.onDemand.title") }),
    description: d?.video.description || t("content.onDemand.intro"),
  });
}

type Grant = ApiData<typeof playAnswer>;

/**
 * The page's grant serves a press within this long of its arrival (never past its own end, less a
 * minute); later the press asks for a new one, as it does without it, and it lives 3 hours.
 */
const PAGE_GRANT_USE_MS = 30 * 60_000;

export default function Watch({ loaderData }: Route.ComponentProps) {
  const { lp } = useLocalePath();
  const { pathname } = useLocation();
  const { openDialog, setAuthCallback } = useUi();
  /** The grant the player is mounted with (waiting under the poster until the press, or playing). */
  const [grant, setGrant] = useState<Grant | null>(null);
  const [Player, setPlayer] = useState<ComponentType<PlayerProps> | null>(null);
  const [playing, setPlaying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [countedNow, setCountedNow] = useState(false);
  const playerRef = useRef<PlayerHandle>(null);
  const pressed = useRef(false);
  const pageGrant = useRef<{ grant: Grant; until: number } | null>(null);
  const videoId = loaderData?.video.id;
  const mayWatch = loaderData?.access === "watch" || loaderData?.access === "staff";
  const loaderGrant = loaderData?.grant ?? null;
  const grantSeconds = loaderData?.grantSeconds ?? 0;
  useEffect(() => {
    setGrant(null);
    setPlaying(false);
    setMessage(null);
    setCountedNow(false);
    pressed.current = false;
  }, [videoId]);
  // Someone who may watch gets the player's code while the page is idle; with the page's grant the
  // player is then mounted, waiting (it reads the playlists): pressing play waits only for the
  // first segment.
  useEffect(() => {
    pageGrant.current = loaderGrant
      ? { grant: loaderGrant, until: Date.now() + Math.min(PAGE_GRANT_USE_MS, (grantSeconds - 60) * 1000) }
      : null;
    if (!mayWatch) return undefined;
    return whenIdle((mod) => {
      if (!loaderGrant || pressed.current) return;
      setPlayer(() => mod.default);
      setGrant(loaderGrant);
    });
  }, [mayWatch, loaderGrant, grantSeconds]);
  if (!loaderData) return null;
  const { video, related, access, position, unlimited, counted, plans } = loaderData;
  const minutes = minutesOf(video.duration_seconds);

  const start = async () => {
    pressed.current = true;
    setMessage(null);
    const fresh = pageGrant.current && Date.now() < pageGrant.current.until ? pageGrant.current.grant : null;
    if (fresh && grant?.token === fresh.token && playerRef.current) {
      // Mounted and waiting: it starts within this click.
      playerRef.current.play();
      setPlaying(true);
      return;
    }
    setBusy(true);
    warmPlayer();
    const [r, mod] = await Promise.all([
      fresh
        ? Promise.resolve({ ok: true as const, data: fresh })
        : api<ApiData<typeof playAnswer>>(`/on-demand/videos/${video.id}/play`, { method: "POST" }),
      loadPlayer().catch(() => null),
    ]);
    setBusy(false);
    if (!r.ok) {
      if (!r.expired) setMessage(r.message);
      return;
    }
    if (mod) setPlayer(() => mod.default);
    setGrant(r.data);
    setPlaying(true);
  };

  return (
    <div className={classes.page}>
      <p style={{ margin: "0 0 12px" }}>
        <Link to={lp("/on-demand/library")} className={classes.textLink}>
          ← {t("nucleoHome.watch.back")}
        </Link>
      </p>
      <div className={classes.stage}>
        {grant && Player && (
          <div className={classes.playerLayer} inert={!playing}>
            <Player
              key={grant.token}
              ref={playerRef}
              waiting={!playing}
              videoId={video.id}
              title={video.title}
              src={grant.master_url}
              captions={grant.captions_url}
              poster={video.thumbnail_url}
              start={grant.position_seconds}
              onRefused={(m) => {
                // The page's grant is no use now either: a new press asks the server.
                pageGrant.current = null;
                setGrant(null);
                setPlaying(false);
                setMessage(m);
              }}
              onCounted={() => setCountedNow(true)}
            />
          </div>
        )}
        {!playing && (
          <div className={classes.cover}>
            {video.thumbnail_url && (
              <img
                className={classes.poster}
                src={video.thumbnail_url}
                alt=""
                width={640}
                height={360}
                fetchPriority="high"
              />
            )}
            {access === "watch" && (
              <div className={classes.playOverlay}>
                <button
                  type="button"
                  className={classes.button}
                  onClick={() => void start()}
                  onPointerEnter={warmPlayer}
                  onFocus={warmPlayer}
                  disabled={busy}
                  data-testid="od-play"
                >
                  {busy ? t("nucleoHome.watch.loading") : `▶ ${t("nucleoHome.watch.play")}`}
                </button>
              </div>
            )}
          </div>
        )}
      </div>
      {message && (
        <p className={classes.notice} role="alert">
          {message}
        </p>
      )}
      <h1 className={classes.title} style={{ marginTop: 20, fontSize: 26 }}>
        {video.title}
      </h1>
      <p className={classes.meta} style={{ marginTop: 6 }}>
        {[
          video.coach_name ? t("nucleoHome.video.by", { coach: video.coach_name }) : null,
          video.type_name,
          video.difficulty_name,
          minutes ? t("nucleoHome.video.minutes", { n: minutes }) : null,
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      <p className={classes.meta}>
        {video.equipments.length
          ? t("nucleoHome.video.equipment", { list: video.equipments.join(", ") })
          : t("nucleoHome.video.noEquipment")}
      </p>
      {video.description && <p className={classes.intro}>{video.description}</p>}
      {access === "watch" && !playing && position > 0 && (
        <p className={classes.notice}>{t("nucleoHome.watch.resumeFrom", { time: clock(position) })}</p>
      )}
      {access === "watch" && (
        <p className={classes.meta} style={{ marginTop: 12 }}>
          {unlimited
            ? t("nucleoHome.watch.unlimited")
            : counted || countedNow
              ? t("nucleoHome.watch.counted")
              : t("nucleoHome.watch.countRule")}
        </p>
      )}
      {access === "login" && (
        <section className={classes.offer} aria-labelledby="od-offer">
          <h2 id="od-offer" className={classes.cardTitle}>
            {t("nucleoHome.watch.loginTitle")}
          </h2>
          <p className={classes.meta}>{t("nucleoHome.watch.loginBody")}</p>
          <div className={classes.actions} style={{ marginTop: 12 }}>
            <button
              type="button"
              className={classes.button}
              onClick={() => {
                setAuthCallback(pathname);
                openDialog("login");
              }}
            >
              {t("nucleoHome.watch.login")}
            </button>
          </div>
        </section>
      )}
      {(access === "no_plan" || access === "no_classes" || access === "login") && plans.length > 0 && (
        <section className={classes.offer} aria-labelledby="od-plans">
          <h2 id="od-plans" className={classes.cardTitle}>
            {access === "no_classes" ? t("nucleoHome.watch.noClassesTitle") : t("nucleoHome.watch.needPlanTitle")}
          </h2>
          <p className={classes.meta} style={{ marginBottom: 12 }}>
            {access === "no_classes" ? t("nucleoHome.watch.noClassesBody") : t("nucleoHome.watch.needPlanBody")}
          </p>
          <PlanOffer plans={plans} returnTo={pathname} />
        </section>
      )}
      {related.length > 0 && (
        <section aria-labelledby="od-related">
          <h2 id="od-related" className={classes.sectionTitle}>
            {t("nucleoHome.watch.related")}
          </h2>
          <VideoGrid videos={related} />
        </section>
      )}
    </div>
  );
}
