import { LegalDocument, type LegalSection } from "./legal-document";

const SECTIONS: LegalSection[] = [
  {
    title: "1. Objeto",
    paragraphs: [
      "Estos términos regulan el uso de Treiber, la plataforma para administrar el transporte del personal: sucursales, colaboradores, choferes, suplidores, rutas, notificaciones y reportes de costo. Al iniciar sesión usted acepta estos términos.",
    ],
  },
  {
    title: "2. Cuentas de usuario",
    paragraphs: [
      "Las cuentas son creadas por los administradores de su empresa y son personales e intransferibles. Usted es responsable de mantener la confidencialidad de su contraseña y de cambiarla cuando el sistema se lo solicite. Si sospecha que alguien más conoce su contraseña, cámbiela de inmediato y avise a su administrador.",
    ],
  },
  {
    title: "3. Uso permitido",
    paragraphs: [
      "Usted se compromete a usar la plataforma solo para fines relacionados con el transporte de su empresa. Está prohibido:",
    ],
    items: [
      "Compartir, copiar o mostrar a terceros su código QR personal o usar el de otra persona.",
      "Registrar abordajes, cancelaciones o comentarios falsos.",
      "Intentar acceder a información o funciones que no correspondan a su rol.",
      "Interferir con el funcionamiento del servicio o extraer datos de forma automatizada.",
    ],
  },
  {
    title: "4. Choferes y suplidores",
    paragraphs: [
      "Los choferes deben iniciar y finalizar cada viaje en la aplicación, mantener activa la ubicación durante el recorrido y escanear el código QR de cada colaborador que aborde. Los datos registrados sirven de base para los reportes y cortes de facturación de cada suplidor.",
    ],
  },
  {
    title: "5. Disponibilidad del servicio",
    paragraphs: [
      "Trabajamos para que la plataforma esté disponible de forma continua, pero pueden producirse interrupciones por mantenimiento o por causas ajenas a nuestro control, como fallas de conexión a internet. La información de ubicación en tiempo real depende de la cobertura del dispositivo del chofer.",
    ],
  },
  {
    title: "6. Datos personales",
    paragraphs: [
      "El tratamiento de los datos personales se rige por nuestra Política de privacidad, disponible en esta misma plataforma.",
    ],
  },
  {
    title: "7. Responsabilidad",
    paragraphs: [
      "Treiber es una herramienta de gestión: la prestación material del transporte corresponde a los suplidores contratados por su empresa. No somos responsables de retrasos, incidentes en ruta ni de decisiones tomadas a partir de información registrada de forma incorrecta por los usuarios.",
    ],
  },
  {
    title: "8. Suspensión de cuentas",
    paragraphs: [
      "Los administradores pueden desactivar una cuenta en cualquier momento, en particular si se incumplen estos términos. Una cuenta inactiva no puede iniciar sesión ni registrar abordajes.",
    ],
  },
  {
    title: "9. Modificaciones y contacto",
    paragraphs: [
      "Podemos actualizar estos términos; la versión vigente estará siempre publicada en esta página. Para cualquier consulta escriba a privacidad@treiber.app.",
    ],
  },
];

export function TermsAndConditions() {
  return <LegalDocument title="Términos y condiciones" updatedAt="1 de enero de 2025" sections={SECTIONS} />;
}
