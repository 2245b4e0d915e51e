import { ActionIcon, Anchor, Badge, Button, Container, Grid, Group, Image, Stack, Text, Title } from "@mantine/core";
import { IconMinus, IconPlus, IconShoppingBag, IconTruck } from "@tabler/icons-react";
import { useState } from "react";
import { Link, data, redirect } from "react-router";
import { useBuy } from "~/components/commerce/useBuy";
import { ProgrammeFacts } from "~/components/site/content/certification";
import { VariantPicker, firstChoice, variantFor } from "~/components/commerce/VariantPicker";
import { useLocalePath } from "~/components/site/useLocalePath";
import { t } from "~/lib/messages";
import { localePath, ROUTES } from "~/lib/routes";
import type { Route } from "./+types/product";
import { getProduct } from "~/.server/domain/commerce/catalogue";
import { getCertificationFacts } from "~/.server/domain/commerce/certification";

/** `/store/product/{id}`: one product. Without an id (the spec's `{id?}`) the visitor is sent to the store. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!params.id) throw redirect(localePath(ROUTES.store, new URL(request.url).pathname));
  if (!/^\d{1,9}$/.test(params.id)) throw data(null, { status: 404 });
  const product = await getProduct(context.deps.db, Number(params.id));
  if (!product) throw data(null, { status: 404 });
  // A certification shows its programme's facts (hours, modules), the same its page and PDF show.
  const programme =
    product.certification_id === null ? null : await getCertificationFacts(context.deps.db, product.certification_id);
  return { product, programme };
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: `${d?.product.name ?? ""} · ${t("app.name")}` },
  { name: "description", content: d?.product.description ?? "" },
];

export default function Product({ loaderData }: Route.ComponentProps) {
  const { product: p, programme } = loaderData;
  const { lp } = useLocalePath();
  const { buy, pending } = useBuy();
  const [qty, setQty] = useState(p.min_purchase);
  const hasOptions = p.options.length > 0;
  const [chosen, setChosen] = useState<(string | null)[]>(() => firstChoice(p.options, p.variants));
  const variant = hasOptions ? variantFor(p.variants, chosen) : null;
  const stock = variant ? variant.stock : p.stock;
  const limit = stock ?? 99;
  const max = p.max_purchase > 0 ? Math.min(p.max_purchase, limit) : limit;
  const canBuy = hasOptions ? Boolean(variant?.in_stock) : p.in_stock;
  const choose = (next: (string | null)[]) => {
    setChosen(next);
    const v = variantFor(p.variants, next);
    if (v?.stock !== null && v?.stock !== undefined) setQty((q) => Math.max(p.min_purchase, Math.min(q, v.stock!)));
  };
  return (
    <Container size="lg" py={{ base: 24, sm: 56 }}>
      <Anchor component={Link} to={lp("/store")} size="sm">
        ← {t("commerce.ui.backToStore")}
      </Anchor>
      <Grid mt="md" gap="xl">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Image src={p.image} alt={p.name} radius="lg" fallbackSrc="/images/logo.svg" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Stack gap="md">
            <Badge variant="light" color="accent" w="fit-content">
              {t(`commerce.ui.areas.${p.area}`)}
            </Badge>
            <Title order={1} size="h2">
              {p.name}
            </Title>
            <Text fz={28} fw={700} c="brand.7" aria-live="polite">
              {variant ? variant.display_price : p.display_price}{" "}
              <Text span size="sm" c="dimmed">
                MXN
              </Text>
            </Text>
            <Text>{p.description}</Text>
            {programme && <ProgrammeFacts programme={programme} />}
            {p.require_shipping && (
              <Group gap={6}>
                <IconTruck size={18} aria-hidden />
                <Text size="sm">{t("commerce.ui.shipsHome")}</Text>
              </Group>
            )}
            {hasOptions && p.variants.length > 0 && (
              <>
                <VariantPicker options={p.options} variants={p.variants} chosen={chosen} onChange={choose} />
                <Text size="sm" fw={600} c={variant?.in_stock ? "teal.9" : "red.9"} role="status">
                  {!variant
                    ? t("commerce.variants.chooseAll", {
                        options: p.options.map((o) => o.name.toLowerCase()).join(" y "),
                      })
                    : !variant.in_stock
                      ? t("commerce.variants.unavailable")
                      : variant.stock !== null
                        ? t("commerce.variants.left", { n: variant.stock })
                        : t("commerce.variants.available")}
                  {variant && (
                    <Text span size="xs" fw={400} c="dimmed">
                      {` · ${t("commerce.variants.sku", { sku: variant.sku })}`}
                    </Text>
                  )}
                </Text>
              </>
            )}
            {canBuy ? (
              <>
                <Group gap="xs">
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={t("commerce.ui.less")}
                    disabled={qty <= p.min_purchase}
                    onClick={() => setQty(qty - 1)}
                  >
                    <IconMinus size={16} />
                  </ActionIcon>
                  <Text w={32} ta="center" fw={600} aria-live="polite" aria-label={t("commerce.ui.quantity")}>
                    {qty}
                  </Text>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={t("commerce.ui.more")}
                    disabled={qty >= max}
                    onClick={() => setQty(qty + 1)}
                  >
                    <IconPlus size={16} />
                  </ActionIcon>
                </Group>
                <Button
                  size="lg"
                  leftSection={<IconShoppingBag size={20} />}
                  loading={pending !== null}
                  onClick={() => buy("product", p.id, qty, { variantId: variant?.id })}
                >
                  {t("commerce.ui.addToCart")}
                </Button>
              </>
            ) : (
              <Badge color="gray" size="lg">
                {t("commerce.ui.soldOut")}
              </Badge>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
