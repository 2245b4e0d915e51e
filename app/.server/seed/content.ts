/**
 * Demo content of the public pages (places issue): CMS pages, legals, certification pages,
 * bazaar events. Idempotent: rows are inserted by natural key and never overwritten, so staff
 * edits survive a re-seed.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import * as s from "../db/schema";
import type { ContentBlock } from "../db/schema";

const PAGES: {
  slug: string;
  title: string;
  description: string;
  eyebrow: string;
  intro: string;
  imageUrl?: string;
  imageAlt?: string;
  blocks: ContentBlock[];
}[] = [
  {
    slug: "about-us",
    title: "Somos Nucleo Barre",
    eyebrow: "Nosotros",
    description:
      "Nucleo Barre nació en 2016 en la Ciudad de México: clases de barre con técnica de ballet, fuerza y música, hoy en CDMX, Monterrey y Acapulco.",
    intro:
      "Nacimos en 2016 en un pequeño salón de Polanco con una idea sencilla: entrenar con la precisión del ballet, la fuerza del pilates y una música que te haga olvidar el reloj.",
    imageUrl: "/images/studios/polanco.svg",
    imageAlt: "Salón de Nucleo Polanco con barras de madera y ventanales",
    blocks: [
      {
        heading: "Nuestra historia",
        text: "Mariana Ortega, bailarina de la Compañía Nacional de Danza, abrió el primer estudio después de una lesión de rodilla que la llevó a buscar un entrenamiento de bajo impacto y alta intensidad.\n\nHoy somos más de 40 coaches y una comunidad de miles de alumnas y alumnos que entrenan con nosotros en estudio y desde casa con Nucleo Home.",
        image: "/images/home/hero.svg",
        imageAlt: "Ilustración de una bailarina en la barra",
      },
      {
        heading: "Lo que nos mueve",
        items: [
          {
            title: "Técnica primero",
            text: "Grupos de máximo 18 personas para que tu coach corrija postura y alineación en cada serie.",
          },
          {
            title: "Para todos los cuerpos",
            text: "Cada ejercicio tiene una versión de menor y mayor intensidad: empiezas donde estás hoy.",
          },
          {
            title: "Comunidad",
            text: "Clases temáticas, retos mensuales y eventos que convierten el entrenamiento en un plan con amigas.",
          },
        ],
      },
      {
        heading: "Ven a conocernos",
        text: "Tu primera clase incluye calcetas antiderrapantes de regalo. Llega 10 minutos antes y tu coach te explicará lo básico.",
        ctaLabel: "Ver ubicaciones",
        ctaLink: "/addresses",
      },
    ],
  },
  {
    slug: "covid",
    title: "Protocolo de salud e higiene",
    eyebrow: "Tu salud",
    description: "Medidas de limpieza, ventilación y salud que seguimos en todos los estudios Nucleo Barre.",
    intro:
      "Aunque la emergencia sanitaria terminó, mantenemos las medidas que más nos ayudaron a cuidar a nuestra comunidad.",
    blocks: [
      {
        heading: "En cada estudio",
        items: [
          {
            title: "Ventilación cruzada",
            text: "Ventanas abiertas y purificadores con filtro HEPA encendidos durante todas las clases.",
          },
          {
            title: "Limpieza entre clases",
            text: "15 minutos entre una clase y la siguiente para desinfectar barras, tapetes y equipo.",
          },
          { title: "Gel y toallas", text: "Estaciones de gel antibacterial y toallas limpias en cada salón." },
        ],
      },
      {
        heading: "Si te sientes mal",
        text: "Si tienes fiebre, tos o cualquier síntoma respiratorio, quédate en casa. Puedes cancelar tu reservación sin costo hasta 2 horas antes escribiéndonos por WhatsApp, aunque ya haya pasado el tiempo de cancelación.",
      },
    ],
  },
  {
    slug: "jobs",
    title: "Trabaja con nosotros",
    eyebrow: "Bolsa de trabajo",
    description:
      "Vacantes en Nucleo Barre: coaches de barre, recepción y atención a clientes en CDMX, Monterrey y Acapulco.",
    intro:
      "Buscamos personas que disfruten el movimiento y el trato con la gente. Crecemos cada año y queremos crecer contigo.",
    blocks: [
      {
        heading: "Vacantes abiertas",
        items: [
          {
            title: "Coach de barre · CDMX y Monterrey",
            text: "Experiencia en danza, pilates o fitness grupal. Te certificamos en el método Nucleo. Horarios mixtos.",
          },
          {
            title: "Recepción · Nucleo Polanco",
            text: "Turno matutino de lunes a viernes y un sábado al mes. Atención a clientes, caja y reservaciones.",
          },
          {
            title: "Community manager · Remoto",
            text: "Contenido para Instagram y TikTok, coordinación de sesiones de foto en estudio.",
          },
        ],
      },
      {
        heading: "Cómo postularte",
        text: "Envía tu CV y, si eres coach, un video corto de una clase o una rutina a empleos@nucleobarre.mx con el nombre de la vacante en el asunto. Respondemos a todas las postulaciones en un máximo de dos semanas.",
        ctaLabel: "Enviar mi CV",
        ctaLink: "mailto:empleos@nucleobarre.mx",
      },
    ],
  },
  {
    slug: "foundation",
    title: "Fundación Nucleo",
    eyebrow: "Fundación",
    description:
      "La Fundación Nucleo otorga becas de clases a mujeres en recuperación de cáncer de mama y a organizaciones comunitarias.",
    intro:
      "Desde 2019, la Fundación Nucleo acerca el movimiento a quienes más lo necesitan: becas de clases, talleres y acompañamiento.",
    imageUrl: "/images/home/on-demand.svg",
    imageAlt: "Ilustración de una clase de barre",
    blocks: [
      {
        heading: "Lo que hacemos",
        items: [
          {
            title: "Becas de recuperación",
            text: "Tres meses de clases sin costo para mujeres en recuperación de cáncer de mama, con coaches capacitadas.",
          },
          {
            title: "Talleres comunitarios",
            text: "Clases gratuitas en casas de cultura y asociaciones civiles de la Ciudad de México y Monterrey.",
          },
          {
            title: "Clases con causa",
            text: "Una vez al mes, lo recaudado en las clases del domingo se dona a una organización aliada.",
          },
        ],
      },
      {
        heading: "Solicita una beca",
        text: "Las solicitudes están abiertas todo el año. Revisamos cada caso y respondemos por correo.",
        ctaLabel: "Solicitar una beca",
        ctaLink: "/foundation/application",
      },
    ],
  },
];

/** Content sections of /legals (the privacy notice and the terms are legal texts, see domain/legal). */
const LEGALS: { slug: string; title: string; summary: string; sortOrder: number; blocks: ContentBlock[] }[] = [
  {
    slug: "faq",
    title: "Preguntas frecuentes",
    summary: "Qué llevar, cómo reservar, cancelaciones, paquetes y Nucleo Home.",
    sortOrder: 1,
    blocks: [
      {
        items: [
          {
            title: "¿Necesito experiencia previa?",
            text: "No. Todas las clases tienen variantes para principiantes; te recomendamos empezar con Barre Clásico.",
          },
          {
            title: "¿Qué debo llevar?",
            text: "Ropa cómoda y ajustada y calcetas antiderrapantes (las vendemos en recepción). Tenemos agua, toallas y regaderas.",
          },
          {
            title: "¿Cómo reservo una clase?",
            text: "Compra un paquete, elige tu estudio en el calendario y selecciona tu lugar en el mapa del salón.",
          },
          {
            title: "¿Hasta cuándo puedo cancelar?",
            text: "Hasta 12 horas antes de la clase sin perderla. Después, la clase se descuenta de tu paquete.",
          },
          {
            title: "¿Puedo usar mi paquete en otra ciudad?",
            text: "Los paquetes son por ciudad. Los paquetes de Nucleo Home funcionan desde cualquier lugar.",
          },
          {
            title: "¿Dan factura?",
            text: "Sí, solicítala en la página de Facturación dentro del mes de tu compra con tu número de pedido.",
          },
        ],
      },
    ],
  },
];

/**
 * The programmes' pages: presentation only. Their facts (name, modules, hours, modality, price)
 * are the programmes' (seed-commerce.ts), read by the page.
 */
const CERTIFICATION_PAGES: {
  slug: string;
  certificationId: number;
  summary: string;
  imageUrl: string;
  sortOrder: number;
  blocks: ContentBlock[];
}[] = [
  {
    slug: "instructor-barre-nivel-1",
    certificationId: 1,
    summary:
      "Los fundamentos del método Nucleo: anatomía aplicada, estructura de clase, musicalidad y corrección de postura.",
    imageUrl: "/images/home/hero.svg",
    sortOrder: 1,
    blocks: [
      {
        heading: "Requisitos",
        text: "Mayor de 18 años, experiencia mínima de 6 meses tomando clases de barre, pilates o danza. Al terminar presentas una evaluación práctica y recibes tu certificado Nucleo Nivel 1 con el manual del método en PDF.",
      },
    ],
  },
  {
    slug: "barre-prenatal",
    certificationId: 2,
    summary: "Adapta la clase a cada trimestre y a la recuperación posparto con seguridad y confianza.",
    imageUrl: "/images/home/on-demand.svg",
    sortOrder: 2,
    blocks: [
      {
        heading: "Para quién es",
        text: "Para instructoras certificadas en barre, pilates o yoga que quieren acompañar a sus alumnas durante el embarazo y después del parto. Impartida junto con una fisioterapeuta de piso pélvico.",
      },
    ],
  },
];

/** Events relative to the day the demo data is created, so the bazaar always has upcoming ones. */
function bazaarEvents(now: Date) {
  const day = (offset: number, hour: number) => {
    const d = new Date(now);
    d.setUTCDate(d.getUTCDate() + offset);
    d.setUTCHours(hour + 6, 0, 0, 0); // Acapulco (UTC-6)
    return d;
  };
  return [
    {
      title: "Bazar de Temporada en la Costera",
      summary: "Más de 20 marcas locales de ropa, joyería y bienestar, con clases de barre frente al mar.",
      body: "Un fin de semana con marcas de Acapulco y Guerrero: ropa de playa, joyería artesanal, café de la sierra y cosmética natural.\n\nCada hora hay una clase abierta de 30 minutos en la terraza (cupo limitado, se reserva en recepción). Entrada libre.",
      startsAt: day(12, 10),
      endsAt: day(12, 18),
      place: "Nucleo Acapulco Marketplace, Av. Costera Miguel Alemán 121",
      imageUrl: "/images/studios/acapulco.svg",
    },
    {
      title: "Sunset Barre & Market",
      summary: "Clase especial al atardecer seguida de un mercado de productores locales.",
      body: "Clase de barre de 45 minutos al atardecer con DJ en vivo, seguida de un mercado nocturno de productores locales. La clase tiene costo de una sesión de tu paquete; el mercado es de entrada libre.",
      startsAt: day(33, 17),
      endsAt: day(33, 22),
      place: "Terraza de Nucleo Acapulco",
      imageUrl: "/images/home/hero.svg",
    },
    {
      title: "Bazar de Verano",
      summary: "La edición de verano reunió a 18 marcas y más de 600 visitantes.",
      body: "Gracias a todas las marcas y visitantes que hicieron del Bazar de Verano un éxito. Lo recaudado en las clases del día se donó a la Fundación Nucleo.",
      startsAt: day(-120, 10),
      endsAt: day(-120, 18),
      place: "Nucleo Acapulco Marketplace",
      imageUrl: "/images/studios/acapulco.svg",
    },
  ];
}

/** Inserts the demo content that is not there yet (by slug, or by title for bazaar events). */
export async function seedContent(db: Db, now = new Date()) {
  await db.insert(s.cmsPages).values(PAGES).onConflictDoNothing();
  await db.insert(s.legalSections).values(LEGALS).onConflictDoNothing();
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(s.bazaarEvents);
  if (n === 0) {
    const [marketplace] = await db
      .select({ id: s.studios.id })
      .from(s.studios)
      .where(sql`${s.studios.isMarketplace}`)
      .limit(1);
    await db.insert(s.bazaarEvents).values(bazaarEvents(now).map((e) => ({ ...e, studioId: marketplace?.id ?? null })));
  }
}

/** The programmes' pages (after seedCommerce, which creates the programmes they present). */
export async function seedCertificationPages(db: Db) {
  await db.insert(s.certificationPages).values(CERTIFICATION_PAGES).onConflictDoNothing();
}
