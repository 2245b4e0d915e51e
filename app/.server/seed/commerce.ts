/**
 * Demo catalogue and sales (idempotent: explicit ids, insert-or-nothing): packs for each city,
 * on-demand plans, store products in the three areas, a certification, shipping methods, a
 * voucher, gift cards, and past orders of `cliente@example.com` (store items only, so the demo
 * customer's class credits stay as the other seeds set them).
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import * as s from "../db/schema";
import { combinationKey } from "~/shared/schemas/catalogue";

const PACK_SHAPES = [
  { n: 1, name: "Clase individual", sessions: 1, days: 30, price: 280_00, intro: false },
  { n: 2, name: "Paquete 5 clases", sessions: 5, days: 60, price: 1_250_00, intro: false },
  { n: 3, name: "Paquete 10 clases", sessions: 10, days: 90, price: 2_300_00, intro: false },
  { n: 4, name: "Mes ilimitado", sessions: null, days: 30, price: 2_900_00, intro: false },
  { n: 5, name: "Oferta de bienvenida: 2 clases", sessions: 2, days: 15, price: 299_00, intro: true },
];

/**
 * The demo programmes, the one source of their facts: the hours are the sum of the modules', the
 * price is their product's (below); the public page and the PDF read them from here.
 */
const CERTIFICATIONS: (typeof s.certifications.$inferInsert & { id: number })[] = [
  {
    id: 1,
    name: "Instructora de Barre · Nivel 1",
    slug: "nivel-1",
    description:
      "Certifícate como instructora de barre con el método Nucleo: fundamentos, diseño de clase, coaching y práctica supervisada, con el manual del método en PDF.",
    modality: "Presencial en Nucleo Polanco",
    schedule: "4 fines de semana",
    allowsDeposit: true,
    pdfContent: `Bienvenida a la Certificación Nucleo Barre. Este manual acompaña cada módulo del programa: léelo antes de cada fin de semana y tráelo a la práctica.

El método Nucleo une la precisión del ballet, la fuerza del pilates y una música que marca el ritmo. Tu trabajo como instructora es que cada alumna entienda qué músculo trabaja, por qué y cómo hacerlo con seguridad.

Al terminar presentarás una clase muestra y un examen teórico; con ambos aprobados recibes tu certificado Nucleo Nivel 1.`,
    modules: [
      {
        title: "Fundamentos de la técnica",
        hours: 10,
        summary: "Posición neutra de la pelvis, activación del core profundo, isometrías y pulsos.",
        content: `La base de toda clase Nucleo es la pelvis neutra: las espinas ilíacas y el pubis en un mismo plano, el sacro largo y las costillas cerradas. Desde ahí se activa el transverso del abdomen antes de cada movimiento.

Isometrías: sostener la posición con el músculo en tensión, de 20 a 40 segundos, hasta la fatiga controlada. Pulsos: movimientos de uno a dos centímetros en el rango final, siempre sin perder la alineación.

Ejercicios clave: plié en primera y segunda, relevé con rodillas suaves, tuck y untuck, chair en la barra, y la serie de brazos con peso ligero. Para cada uno aprenderás la versión de menor y mayor intensidad.`,
      },
      {
        title: "Anatomía y biomecánica",
        hours: 8,
        summary: "Cómo trabaja cada grupo muscular en la barra y cómo evitar lesiones.",
        content: `Repasamos los grupos musculares que trabaja la clase: glúteo mayor y medio, aductores, cuádriceps, isquiotibiales, core profundo, dorsal ancho, deltoides y tríceps.

Las lesiones más frecuentes en barre vienen de la hiperextensión de rodillas, la compresión lumbar en el trabajo de glúteo y la tensión de cuello en el trabajo de piso. Para cada una verás la señal de alerta y la corrección.

Contraindicaciones y adaptaciones: embarazo (a partir del segundo trimestre, sin trabajo boca arriba prolongado), diástasis abdominal, lesiones de rodilla y de hombro.`,
      },
      {
        title: "Diseño de clase y musicalidad",
        hours: 8,
        summary: "Calentamiento, brazos, barre, piso y estiramiento; tiempos, transiciones y selección musical.",
        content: `Una clase Nucleo de 50 minutos tiene cinco bloques: calentamiento (5 min), brazos (8 min), barre (20 min), piso (12 min) y estiramiento (5 min).

Las transiciones se planean: la alumna nunca debe quedarse sin indicación. Cada bloque termina con un estiramiento breve del grupo trabajado.

La música sigue la intensidad: de 120 a 128 BPM en calentamiento, de 128 a 136 en barre y piso, y de 90 a 100 en estiramiento. Aprenderás a contar frases de ocho tiempos y a cambiar de ejercicio en el inicio de una frase.`,
      },
      {
        title: "Coaching y corrección de postura",
        hours: 6,
        summary: "Lectura del grupo, cues verbales y de contacto, correcciones seguras y energía en la sala.",
        content: `Un buen cue dice qué hacer, no qué evitar: "alarga la nuca" funciona mejor que "no bajes la cabeza". Usa tres tipos de cue: de posición, de sensación y de motivación.

Las correcciones de contacto se piden antes ("¿te puedo corregir con la mano?") y se hacen con la palma abierta, en hueso y no en tejido blando.

Lectura del grupo: detecta en el primer bloque a quién necesita la versión de menor intensidad y ofrécela a toda la sala, sin señalar a nadie.`,
      },
      {
        title: "Práctica supervisada y evaluación",
        hours: 8,
        summary: "Clases a grupos reales con retroalimentación de una coach senior; clase muestra y examen teórico.",
        content: `Darás clase a grupos reales acompañada de una coach senior, que te dejará retroalimentación escrita después de cada sesión.

Evaluación práctica: una clase muestra de 20 minutos con los cinco bloques, donde se califican alineación, cues, transiciones y musicalidad.

Examen teórico: 30 preguntas sobre técnica, anatomía y diseño de clase. Se aprueba con 80 %.`,
      },
    ],
  },
  {
    id: 2,
    name: "Especialidad Barre Prenatal y Posparto",
    slug: "barre-prenatal",
    description:
      "Adapta la clase a cada trimestre y a la recuperación posparto con seguridad y confianza, junto con una fisioterapeuta de piso pélvico.",
    modality: "En línea en vivo + 1 día presencial",
    schedule: "2 fines de semana",
    allowsDeposit: false,
    pdfContent: `Este manual acompaña la Especialidad Barre Prenatal y Posparto. Es un complemento de tu certificación como instructora: no sustituye la indicación médica de cada alumna.`,
    modules: [
      {
        title: "Cambios del embarazo",
        hours: 5,
        summary: "Qué cambia en el cuerpo en cada trimestre y qué significa para la clase.",
        content: `Relaxina, cambios del centro de gravedad, aumento del volumen sanguíneo y de la frecuencia cardiaca en reposo: qué observar en cada trimestre.

Señales para detener el ejercicio: sangrado, mareo, dolor de cabeza intenso, contracciones regulares, pérdida de líquido.`,
      },
      {
        title: "Adaptaciones por trimestre",
        hours: 6,
        summary: "La misma clase, ajustada al primer, segundo y tercer trimestre.",
        content: `Primer trimestre: la clase habitual con intensidad moderada. Segundo: sin trabajo boca arriba prolongado, base más amplia en la barra. Tercero: rangos cortos, más pausas y apoyo constante.`,
      },
      {
        title: "Piso pélvico y diástasis",
        hours: 5,
        summary: "Con una fisioterapeuta: respiración, activación del piso pélvico y cuidado de la línea alba.",
        content: `Respiración costal y activación del piso pélvico en la exhalación. Cómo detectar una diástasis y qué ejercicios evitar mientras se recupera.`,
      },
      {
        title: "Regreso posparto",
        hours: 4,
        summary: "Del alta médica a la clase completa, paso a paso.",
        content: `Del alta médica (de 6 a 8 semanas, más tras cesárea) a la clase completa: cuatro fases de progresión, con los criterios para pasar de una a la siguiente.`,
      },
    ],
  },
];

export async function seedCommerce(tx: Db) {
  const cities = await tx.select({ id: s.cities.id }).from(s.cities).orderBy(s.cities.id);
  await tx
    .insert(s.packs)
    .values(
      cities.flatMap((c, ci) =>
        PACK_SHAPES.map((p) => ({
          id: ci * 10 + p.n,
          cityId: c.id,
          name: p.name,
          description:
            p.sessions === null
              ? "Todas las clases que quieras durante 30 días en los estudios de la ciudad."
              : `Válido por ${p.days} días en cualquier estudio de la ciudad.`,
          sessions: p.sessions,
          validityDays: p.days,
          priceCents: p.price,
          isIntroOffer: p.intro,
          sortOrder: p.n,
        })),
      ),
    )
    .onConflictDoNothing();
  await tx
    .insert(s.plans)
    .values([
      {
        id: 1,
        name: "Nucleo Home mensual",
        description: "Clases en casa ilimitadas por 30 días.",
        sessions: null,
        durationDays: 30,
        priceCents: 490_00,
        sortOrder: 1,
      },
      {
        id: 2,
        name: "Nucleo Home anual",
        description: "Un año de clases en casa ilimitadas.",
        sessions: null,
        durationDays: 365,
        priceCents: 4_900_00,
        sortOrder: 2,
      },
      {
        id: 3,
        name: "Nucleo Home 8 clases",
        description: "8 clases en casa para usar en 45 días.",
        sessions: 8,
        durationDays: 45,
        priceCents: 320_00,
        sortOrder: 3,
      },
    ])
    .onConflictDoNothing();
  await tx.insert(s.certifications).values(CERTIFICATIONS).onConflictDoNothing();
  await tx
    .insert(s.products)
    .values([
      {
        id: 1,
        area: "juiceBar" as const,
        name: "Green Detox 500 ml",
        description: "Espinaca, pepino, apio, manzana verde y limón. Recógelo en recepción.",
        images: ["/images/store/green-detox.svg"],
        priceCents: 85_00,
        stock: 40,
        requireShipping: false,
        minPurchase: 1,
        maxPurchase: 6,
        sortOrder: 1,
      },
      {
        id: 2,
        area: "juiceBar" as const,
        name: "Smoothie Berry Protein",
        description: "Frutos rojos, plátano, leche de almendra y proteína vegetal.",
        images: ["/images/store/berry.svg"],
        priceCents: 95_00,
        stock: 30,
        requireShipping: false,
        minPurchase: 1,
        maxPurchase: 6,
        sortOrder: 2,
      },
      {
        id: 3,
        area: "barreByNucleo" as const,
        name: "Calcetas antiderrapantes Nucleo",
        description: "Algodón peinado con suela de silicón. Talla única.",
        images: ["/images/store/socks.svg"],
        priceCents: 220_00,
        stock: 120,
        requireShipping: true,
        minPurchase: 1,
        maxPurchase: 10,
        sortOrder: 3,
      },
      {
        id: 4,
        area: "barreByNucleo" as const,
        name: "Leggings Sculpt vino",
        description: "Tiro alto, compresión media, tela que no transparenta. Color vino Nucleo.",
        images: ["/images/store/leggings.svg"],
        priceCents: 1_150_00,
        stock: 25,
        requireShipping: true,
        minPurchase: 1,
        maxPurchase: 3,
        sortOrder: 4,
      },
      {
        id: 5,
        area: "barreByNucleo" as const,
        name: "Botella térmica 750 ml",
        description: "Acero inoxidable, 24 h frío. Logo grabado.",
        images: ["/images/store/bottle.svg"],
        priceCents: 480_00,
        stock: 3,
        requireShipping: true,
        minPurchase: 1,
        maxPurchase: 0,
        sortOrder: 5,
      },
      {
        id: 6,
        area: "certificate" as const,
        name: "Certificación Instructora Nivel 1",
        description: "Manual del método en PDF, práctica supervisada y evaluación práctica.",
        images: ["/images/store/certification.svg"],
        priceCents: 18_500_00,
        stock: null,
        requireShipping: false,
        minPurchase: 1,
        maxPurchase: 1,
        certificationId: 1,
        sortOrder: 6,
      },
      {
        id: 7,
        area: "certificate" as const,
        name: "Especialidad Barre Prenatal y Posparto",
        description: "Especialidad para instructoras certificadas, con manual en PDF.",
        images: ["/images/store/certification.svg"],
        priceCents: 9_800_00,
        stock: null,
        requireShipping: false,
        minPurchase: 1,
        maxPurchase: 1,
        certificationId: 2,
        sortOrder: 7,
      },
      {
        id: 8,
        area: "barreByNucleo" as const,
        name: "Leggings Nucleo Essential",
        description: "Tiro alto, tela suave de secado rápido y bolsa lateral. Elige tu talla y tu color.",
        images: ["/images/store/leggings.svg"],
        priceCents: 990_00,
        stock: null,
        requireShipping: true,
        minPurchase: 1,
        maxPurchase: 3,
        options: [
          { name: "Talla", values: ["CH", "M", "G"] },
          { name: "Color", values: ["Negro", "Rosa"] },
        ],
        sortOrder: 8,
      },
    ])
    .onConflictDoNothing();
  // The leggings in sizes and colours: each combination sold has its SKU, price and stock (G · Rosa sold out).
  const leggings: [string, string, number, number][] = [
    ["CH", "Negro", 990_00, 8],
    ["CH", "Rosa", 990_00, 5],
    ["M", "Negro", 990_00, 10],
    ["M", "Rosa", 990_00, 4],
    ["G", "Negro", 1_090_00, 6],
    ["G", "Rosa", 1_090_00, 0],
  ];
  await tx
    .insert(s.productVariants)
    .values(
      leggings.map(([talla, color, priceCents, stock], i) => ({
        id: i + 1,
        productId: 8,
        optionValues: [talla, color],
        combination: combinationKey([talla, color]),
        sku: `LEG-ESS-${talla}-${color.toUpperCase()}`,
        priceCents,
        stock,
        position: i,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(s.shippingMethods)
    .values([
      { id: 1, name: "Envío estándar", description: "3 a 5 días hábiles", priceCents: 149_00, sortOrder: 1 },
      { id: 2, name: "Envío express", description: "1 a 2 días hábiles", priceCents: 249_00, sortOrder: 2 },
      {
        id: 3,
        name: "Recoger en estudio",
        description: "Disponible en recepción en 48 horas",
        priceCents: 0,
        sortOrder: 3,
      },
    ])
    .onConflictDoNothing();
  await tx
    .insert(s.vouchers)
    .values([
      {
        id: 1,
        code: "BIENVENIDA10",
        description: "10% en tu primera compra",
        kind: "percent" as const,
        value: 10,
        scope: "all" as const,
        maxUsesPerCustomer: 1,
      },
      {
        id: 2,
        code: "TIENDA100",
        description: "$100 en la tienda",
        kind: "fixed" as const,
        value: 100_00,
        scope: "product" as const,
        maxUses: 200,
      },
    ])
    .onConflictDoNothing();

  const [cliente] = await tx
    .select({ id: s.users.id })
    .from(s.users)
    .where(sql`lower(${s.users.email}) = 'cliente@example.com'`);
  await tx
    .insert(s.giftCards)
    .values([
      { id: 1, code: "REGALO-500-DEMO", initialCents: 500_00, balanceCents: 500_00, userId: cliente?.id ?? null },
      { id: 2, code: "REGALO-1000-NUEVA", initialCents: 1_000_00, balanceCents: 1_000_00 },
    ])
    .onConflictDoNothing();

  if (cliente) {
    const [existing] = await tx.select({ id: s.orders.id }).from(s.orders).where(eq(s.orders.id, 1));
    if (!existing) {
      const address = {
        name: "Casa",
        line_1: "Av. Presidente Masaryk 123, int. 4",
        line_2: "Polanco V Sección",
        custom_state: "Ciudad de México",
        custom_city: "Miguel Hidalgo",
        zip: "11560",
        display_address:
          "Av. Presidente Masaryk 123, int. 4, Polanco V Sección, Miguel Hidalgo, Ciudad de México, C.P. 11560, México",
      };
      await tx.insert(s.addresses).values({
        id: 1,
        userId: cliente.id,
        name: address.name,
        line1: address.line_1,
        line2: address.line_2,
        countryId: 1,
        customState: address.custom_state,
        customCity: address.custom_city,
        zip: address.zip,
      });
      const day = (n: number) => new Date(Date.now() - n * 86_400_000);
      await tx.insert(s.carts).values([
        { id: 1, userId: cliente.id, status: "paid" as const, addressId: 1, shippingMethodId: 1 },
        { id: 2, userId: cliente.id, status: "paid" as const },
      ]);
      await tx.insert(s.orders).values([
        {
          id: 1,
          userId: cliente.id,
          cartId: 1,
          subtotalCents: 1_370_00,
          shippingCents: 149_00,
          totalCents: 1_519_00,
          paymentMethod: "card" as const,
          shippingAddress: address,
          createdAt: day(20),
          updatedAt: day(20),
        },
        {
          id: 2,
          userId: cliente.id,
          cartId: 2,
          subtotalCents: 180_00,
          totalCents: 180_00,
          paymentMethod: "paypal" as const,
          createdAt: day(6),
          updatedAt: day(6),
        },
      ]);
      await tx.insert(s.orderItems).values([
        {
          orderId: 1,
          scope: "product" as const,
          refId: 3,
          name: "Calcetas antiderrapantes Nucleo",
          qty: 1,
          unitCents: 220_00,
          totalCents: 220_00,
        },
        {
          orderId: 1,
          scope: "product" as const,
          refId: 4,
          name: "Leggings Sculpt vino",
          qty: 1,
          unitCents: 1_150_00,
          totalCents: 1_150_00,
        },
        {
          orderId: 2,
          scope: "product" as const,
          refId: 1,
          name: "Green Detox 500 ml",
          qty: 2,
          unitCents: 85_00,
          totalCents: 170_00,
        },
      ]);
      await tx.insert(s.payments).values([
        {
          cartId: 1,
          orderId: 1,
          userId: cliente.id,
          studioId: 1,
          gateway: "sandbox" as const,
          method: "card" as const,
          providerPaymentId: "pi_seed_order_1",
          idempotencyKey: "order:1",
          amountCents: 1_519_00,
          status: "succeeded" as const,
          cardBrand: "visa",
          cardLast4: "4242",
          createdAt: day(20),
          updatedAt: day(20),
        },
        {
          cartId: 2,
          orderId: 2,
          userId: cliente.id,
          studioId: 1,
          gateway: "sandbox" as const,
          method: "paypal" as const,
          providerPaymentId: "pp_seed_order_2",
          idempotencyKey: "order:2",
          amountCents: 180_00,
          status: "succeeded" as const,
          createdAt: day(6),
          updatedAt: day(6),
        },
      ]);
      await tx.insert(s.shipments).values({
        orderId: 1,
        userId: cliente.id,
        publicCode: "NBDEMO0001",
        shippingMethodId: 1,
        address,
        status: "delivered" as const,
        carrier: "Estafeta",
        trackingNumber: "EST1234567890MX",
        createdAt: day(20),
        updatedAt: day(16),
      });
      await tx
        .insert(s.sandboxPaymentMethods)
        .values({
          id: "pm_seed_cliente_visa",
          brand: "visa",
          last4: "4242",
          expMonth: 12,
          expYear: 2030,
          outcome: "succeed",
        })
        .onConflictDoNothing();
      await tx.insert(s.savedCards).values({
        userId: cliente.id,
        gateway: "sandbox",
        providerPaymentMethodId: "pm_seed_cliente_visa",
        brand: "visa",
        last4: "4242",
        expMonth: 12,
        expYear: 2030,
      });
    }
  }
  for (const table of [
    "packs",
    "plans",
    "certifications",
    "products",
    "product_variants",
    "shipping_methods",
    "vouchers",
    "gift_cards",
    "addresses",
    "carts",
    "orders",
  ])
    await tx.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select coalesce(max(id), 0) from ${table}), 1))`,
      ),
    );
}
