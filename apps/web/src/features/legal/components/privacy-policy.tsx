import { LegalDocument, type LegalSection } from "./legal-document";

const SECTIONS: LegalSection[] = [
  {
    title: "1. Responsable del tratamiento",
    paragraphs: [
      "Treiber es la plataforma con la que su empleador organiza el transporte de su personal. La empresa que contrata el servicio es responsable de los datos de sus colaboradores y choferes; Treiber los trata por cuenta de ella y solo para prestar el servicio descrito en esta política.",
    ],
  },
  {
    title: "2. Datos que recopilamos",
    paragraphs: ["Para operar las rutas de transporte tratamos únicamente los datos necesarios:"],
    items: [
      "Datos de identificación: nombre, apellido, código de empleado, cédula de identidad (en el caso de los choferes), correo electrónico, teléfono, departamento, puesto y fotografía de perfil opcional.",
      "Datos de ubicación: la dirección de recogida del colaborador y, durante los viajes en curso, la ubicación del vehículo enviada por la aplicación del chofer. No registramos la ubicación fuera de un viaje iniciado.",
      "Abordajes mediante código QR: fecha, hora, ruta y viaje en que se escaneó el código QR personal de cada colaborador, así como las cancelaciones y comentarios que registre.",
      "Datos técnicos: registros de acceso, dirección IP y zona horaria del navegador, usados para la seguridad de la cuenta y para mostrar las fechas correctamente.",
    ],
  },
  {
    title: "3. Finalidad del tratamiento",
    paragraphs: ["Usamos estos datos exclusivamente para:"],
    items: [
      "Planificar las rutas programadas y no programadas y asignar colaboradores y choferes.",
      "Mostrar en tiempo real el recorrido de los viajes en curso a los administradores autorizados.",
      "Registrar el uso del servicio, calcular su costo y generar los reportes y cortes de facturación por suplidor.",
      "Enviar notificaciones operativas, como asignaciones, cancelaciones y comentarios.",
      "Proteger las cuentas, prevenir usos indebidos y cumplir obligaciones legales.",
    ],
  },
  {
    title: "4. Con quién compartimos los datos",
    paragraphs: [
      "Los datos solo son visibles para los administradores de su empresa y, en lo imprescindible, para el chofer y el suplidor de transporte que realizan el viaje (por ejemplo, el nombre del colaborador que aborda). No vendemos datos personales ni los usamos con fines publicitarios. Podemos comunicarlos a autoridades cuando una ley lo exija.",
    ],
  },
  {
    title: "5. Conservación",
    paragraphs: [
      "Los datos de la cuenta se conservan mientras la relación con la empresa esté activa. El historial de viajes, abordajes y ubicaciones se conserva durante el tiempo necesario para la facturación y la auditoría de los cortes, y como máximo veinticuatro (24) meses, salvo que una obligación legal exija un plazo mayor. Transcurrido ese plazo, los datos se eliminan o se anonimizan.",
    ],
  },
  {
    title: "6. Seguridad",
    paragraphs: [
      "Las contraseñas se guardan cifradas con algoritmos de derivación robustos, las comunicaciones viajan cifradas y el acceso a cada función está limitado según el rol del usuario. Las sesiones caducan y pueden cerrarse en cualquier momento.",
    ],
  },
  {
    title: "7. Sus derechos",
    paragraphs: ["Usted puede, en cualquier momento:"],
    items: [
      "Acceder a sus datos personales y obtener una copia.",
      "Solicitar la rectificación de los datos inexactos o incompletos.",
      "Solicitar la supresión de sus datos cuando ya no sean necesarios.",
      "Oponerse al tratamiento o pedir su limitación en los casos previstos por la ley.",
    ],
  },
  {
    title: "8. Contacto",
    paragraphs: [
      "Para ejercer sus derechos o hacer cualquier consulta sobre esta política escriba a privacidad@treiber.app. Responderemos en un plazo máximo de treinta (30) días. También puede dirigirse al departamento de recursos humanos de su empresa.",
    ],
  },
  {
    title: "9. Cambios en esta política",
    paragraphs: [
      "Si modificamos esta política publicaremos la nueva versión en esta página indicando la fecha de actualización. Cuando los cambios sean importantes se lo comunicaremos dentro de la plataforma.",
    ],
  },
];

export function PrivacyPolicy() {
  return <LegalDocument title="Política de privacidad" updatedAt="1 de enero de 2025" sections={SECTIONS} />;
}
