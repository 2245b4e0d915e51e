/**
 * The first text of each legal page, used until an administrator edits it (and written to the
 * database by the demo seed). Plain text: blank lines separate paragraphs, "## " starts a heading
 * and "- " a list item (see `parseLegalText`).
 */
export const LEGAL_SLUGS = ["privacy", "terms"] as const;
export type LegalSlug = (typeof LEGAL_SLUGS)[number];

export const DEFAULT_LEGAL_TEXTS: Record<LegalSlug, { title: string; body: string }> = {
  privacy: {
    title: "Aviso de Privacidad",
    body: `Este aviso se emite en cumplimiento de la Ley Federal de Protección de Datos Personales en Posesión de los Particulares (LFPDPPP), su Reglamento y los Lineamientos del Aviso de Privacidad.

## 1. Responsable de tus datos personales
Nucleo Barre, S.A. de C.V. (en adelante, "Nucleo Barre"), con domicilio en Av. Presidente Masaryk 61, piso 3, colonia Polanco V Sección, alcaldía Miguel Hidalgo, C.P. 11560, Ciudad de México, es responsable del tratamiento de los datos personales que nos proporcionas en nuestros estudios, en este sitio web y en nuestras aplicaciones.

## 2. Datos personales que recabamos
Para las finalidades de este aviso podemos recabar las siguientes categorías de datos:
- Identificación y contacto: nombre, apellidos, correo electrónico, teléfono y fecha de nacimiento.
- Cuenta: contraseña (guardada solo de forma cifrada e irreversible), fotografía de perfil y preferencias.
- Patrimoniales y de facturación: datos de facturación y los últimos dígitos de tus tarjetas. Los datos completos de tus tarjetas los procesa directamente nuestro proveedor de pagos y no se almacenan en nuestros sistemas.
- Uso del servicio: clases reservadas, asistencias, paquetes y créditos comprados, compras en la tienda y en el bazar.
- Datos técnicos: dirección IP, tipo de navegador y registros de acceso, que usamos para proteger tu cuenta.

Datos sensibles: no solicitamos datos sobre tu estado de salud. Si decides compartir con tu coach una lesión o condición física para adaptar tu clase, la usaremos únicamente con ese fin, con tu consentimiento expreso, y no la conservaremos en nuestros sistemas.

## 3. Finalidades del tratamiento
Finalidades primarias, necesarias para la relación que tienes con nosotros:
- Crear y administrar tu cuenta y verificar tu identidad al iniciar sesión.
- Registrar tus reservaciones, lugares en clase, listas de espera y asistencias.
- Procesar pagos, otorgar y descontar créditos de tus paquetes, emitir comprobantes y facturas.
- Enviarte correos de servicio: confirmaciones, recordatorios, recuperación de contraseña y avisos de seguridad.
- Atender tus dudas, quejas y solicitudes, y cumplir obligaciones legales y fiscales.

Finalidades secundarias, que no son necesarias para el servicio:
- Enviarte promociones, novedades de estudios, eventos y lanzamientos.
- Realizar encuestas de satisfacción y análisis estadísticos para mejorar nuestras clases.

Si no deseas que tus datos se usen para las finalidades secundarias, escríbenos a privacidad@nucleobarre.mx en cualquier momento; tu negativa no afectará los servicios que contrataste.

## 4. Transferencias de datos
Compartimos tus datos solo con quienes nos ayudan a prestar el servicio (procesadores de pago, proveedores de correo electrónico y de alojamiento), que actúan por nuestra cuenta y bajo obligaciones de confidencialidad, y con autoridades cuando una ley o un mandato judicial lo exija. Estas comunicaciones no requieren tu consentimiento conforme al artículo 37 de la LFPDPPP. No vendemos ni rentamos tus datos personales.

## 5. Derechos ARCO y revocación del consentimiento
Tienes derecho a conocer qué datos tenemos de ti (Acceso), a pedir su corrección (Rectificación), a que los eliminemos (Cancelación) y a oponerte a su uso para fines específicos (Oposición). También puedes revocar el consentimiento que nos hayas otorgado.

Para ejercerlos envía un correo a privacidad@nucleobarre.mx con: tu nombre y el correo de tu cuenta; una identificación oficial (o la de tu representante legal, con el documento que lo acredite); la descripción clara del derecho que deseas ejercer y de los datos involucrados; y, en caso de rectificación, la corrección que solicitas. Te responderemos en un plazo máximo de 20 días hábiles y, si procede, haremos efectiva tu solicitud dentro de los 15 días hábiles siguientes.

Puedes corregir tus datos de contacto en cualquier momento desde la sección Mis Datos de tu cuenta.

## 6. Cómo limitar el uso o la divulgación de tus datos
Puedes darte de baja de los correos promocionales con el enlace que incluye cada mensaje, o pedirlo a privacidad@nucleobarre.mx. También puedes inscribirte en el Registro Público para Evitar Publicidad (REPEP) de la PROFECO.

## 7. Cookies y tecnologías similares
Usamos cookies estrictamente necesarias para mantener tu sesión iniciada, proteger tus formularios y recordar tu ciudad y estudio. No usamos cookies publicitarias de terceros. Puedes borrarlas desde tu navegador, aunque algunas funciones dejarán de estar disponibles.

## 8. Seguridad
Tus contraseñas se guardan cifradas de forma irreversible, el acceso del personal al sistema está protegido con verificación en dos pasos y cada acción administrativa queda registrada en una bitácora.

## 9. Cambios a este aviso
Podemos actualizar este aviso por cambios legales o en nuestros servicios. Publicaremos la versión vigente en esta página, con su fecha de actualización, y te avisaremos por correo de cualquier cambio importante.

Si consideras que tu derecho a la protección de datos ha sido vulnerado, puedes acudir al Instituto Nacional de Transparencia, Acceso a la Información y Protección de Datos Personales (INAI) o a la autoridad que lo sustituya.`,
  },
  terms: {
    title: "Términos y Condiciones",
    body: `Al crear una cuenta, reservar una clase o comprar en Nucleo Barre aceptas estos términos. Léelos con calma: son pocos y claros.

## 1. Tu cuenta
La cuenta es personal e intransferible. Cuida tu contraseña; si crees que alguien más la conoce, cámbiala desde Mis Datos o escríbenos.

## 2. Paquetes y créditos
Cada paquete otorga créditos para reservar clases, con la vigencia indicada al comprarlo. Los créditos no son reembolsables en efectivo ni transferibles a otra persona, salvo lo que disponga la ley.

## 3. Reservaciones y cancelaciones
Puedes cancelar una reservación hasta 12 horas antes del inicio de la clase y el crédito vuelve a tu cuenta. Después de ese plazo, o si no asistes, el crédito se considera usado.

## 4. En el estudio
Llega con al menos 10 minutos de anticipación, usa calcetas antiderrapantes y avisa a tu coach de cualquier lesión. Las clases son actividad física: consulta a tu médico si tienes alguna duda sobre tu salud.

## 5. Privacidad
Tratamos tus datos según nuestro Aviso de Privacidad, disponible en este sitio.

## 6. Contacto
Para cualquier duda escríbenos a hola@nucleobarre.mx.`,
  },
};
