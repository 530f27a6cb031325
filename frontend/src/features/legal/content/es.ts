import type { LegalDocument, LegalTexts, MetaDeletionTexts } from '../texts';

// Las páginas legales en español: una traducción; en caso de discrepancia prevalece la versión en
// inglés (content/en-US.ts). Registro jurídico, con «usted».

function terms(supportEmail: string): LegalDocument {
  return {
    title: 'Condiciones del servicio',
    headKey: 'public.head.terms',
    intro:
      'Las presentes condiciones constituyen un acuerdo entre usted (y la organización para la que utiliza Brandloom) y Brandloom. Al crear una cuenta o utilizar el servicio, usted las acepta. Le rogamos que las lea junto con nuestra Política de privacidad.',
    sections: [
      {
        id: 'eligibility',
        title: 'Requisitos de uso y uso exclusivo en Estados Unidos',
        blocks: [
          'Brandloom se ofrece exclusivamente para su uso en los Estados Unidos. Usted no podrá utilizar el servicio desde fuera de los Estados Unidos ni en nombre de ninguna persona que se encuentre fuera de dicho país.',
          'Para utilizar Brandloom debe tener al menos 13 años. Si no ha alcanzado la mayoría de edad en su lugar de residencia, uno de sus progenitores o su tutor legal deberá aceptar estas condiciones en su nombre. Si utiliza Brandloom en nombre de una empresa, usted confirma que está facultado para obligar a dicha empresa en virtud de estas condiciones.',
        ],
      },
      {
        id: 'accounts',
        title: 'Cuentas y organizaciones',
        blocks: [
          'El registro se realiza con una dirección de correo electrónico y una contraseña o con Google. Mantenga su contraseña en secreto: usted es responsable de lo que ocurra en su cuenta.',
          'Cada usuario pertenece a una organización. La organización es titular del saldo de créditos, del plan y de los perfiles de marca, y sus propietarios y administradores gestionan a sus miembros. Todos los planes incluyen usuarios ilimitados.',
        ],
      },
      {
        id: 'credits-and-plans',
        title: 'Créditos, planes y pagos',
        blocks: [
          'Generar una imagen consume créditos: 1 en calidad baja, 2 en calidad media y 4 en calidad alta, por imagen. Los créditos no caducan mientras exista la organización.',
          'Los planes mensuales y anuales añaden créditos en cada periodo pagado; los paquetes de créditos de pago único añaden créditos una sola vez. Los paquetes por tiempo limitado solo se ofrecen mientras se muestran. Los precios se expresan en dólares estadounidenses y no incluyen los impuestos aplicables.',
          'Los pagos los procesa Stripe en sus propias páginas; Brandloom nunca ve ni almacena el número completo de su tarjeta. Las suscripciones se renuevan automáticamente hasta que se cancelen desde la página de facturación o desde el portal del cliente.',
        ],
      },
      {
        id: 'cancellation-and-refunds',
        title: 'Cancelación y reembolsos',
        blocks: [
          'Puede cancelar una suscripción en cualquier momento. Si la cancela, le reembolsaremos el importe pagado por el periodo de facturación en curso y la suscripción finalizará. Los créditos ya concedidos permanecen en su saldo.',
          'Los paquetes de créditos de pago único no son reembolsables una vez utilizados sus créditos. Los créditos descontados por una generación fallida se devuelven automáticamente a su saldo.',
        ],
      },
      {
        id: 'acceptable-use',
        title: 'Uso aceptable',
        blocks: [
          'Usted se compromete a no utilizar Brandloom para:',
          {
            list: [
              'crear contenidos ilícitos, engañosos, difamatorios, sexualmente explícitos que involucren a menores, que inciten al odio o que vulneren derechos de terceros;',
              'subir imágenes o material de marca que no tenga derecho a utilizar;',
              'suplantar a personas o marcas, o inducir a error sobre el origen de las imágenes generadas;',
              'sondear, sobrecargar o eludir la seguridad o los límites del servicio;',
              'revender el acceso al servicio sin nuestra autorización por escrito.',
            ],
          },
          'Podremos suspender las cuentas que incumplan estas normas y rechazar los prompts que la política de contenidos del proveedor de imágenes no admita.',
        ],
      },
      {
        id: 'content',
        title: 'Su contenido y las imágenes generadas',
        blocks: [
          'Usted conserva los derechos que ostente sobre lo que sube (imágenes de marca, imágenes de referencia, prompts). Concede a Brandloom la autorización limitada necesaria para almacenarlo y tratarlo con el fin de prestar el servicio.',
          'Con sujeción a estas condiciones y a las del proveedor de imágenes, puede utilizar las imágenes que genere para cualquier fin lícito, incluido el uso comercial. Las imágenes generadas por IA pueden parecerse a obras existentes; revíselas antes de publicarlas.',
        ],
      },
      {
        id: 'ad-platform',
        title: 'Integración con plataformas publicitarias',
        blocks: [
          'En los planes que la incluyen, puede conectar una cuenta comercial de Meta (Facebook) y enviar recursos a sus campañas existentes como anuncios en pausa. Las condiciones y políticas publicitarias de Meta se aplican a todo lo que publique allí. Puede desconectarse en cualquier momento y solicitar la eliminación de los datos que hayamos recibido de Meta en nuestra página de eliminación de datos.',
        ],
      },
      {
        id: 'data-retention',
        title: 'Conservación de datos',
        blocks: [
          'Por regla general, conservamos los datos de la cuenta durante 12 meses desde la última vez que fueron necesarios para prestar el servicio, salvo que la ley exija un plazo mayor o que usted los elimine antes. La Política de privacidad explica qué conservamos y por qué.',
        ],
      },
      {
        id: 'disclaimers',
        title: 'Disponibilidad y exención de garantías',
        blocks: [
          'Brandloom se encuentra en fase beta. Trabajamos para que esté disponible y funcione correctamente, pero el servicio se presta «tal cual» y «según disponibilidad», sin garantías de ningún tipo en la medida en que la ley lo permita, incluidas las de idoneidad para un fin determinado y de no infracción.',
        ],
      },
      {
        id: 'liability',
        title: 'Limitación de responsabilidad',
        blocks: [
          'En la medida en que la ley lo permita, Brandloom no será responsable de daños indirectos, incidentales, especiales, consecuentes o punitivos, ni del lucro cesante ni de la pérdida de ingresos o de datos.',
          'Nuestra responsabilidad total por cualquier reclamación derivada del servicio o relacionada con él se limita al mayor de los siguientes importes: las cantidades que nos haya pagado en los 12 meses anteriores al nacimiento de la reclamación o 100 USD.',
        ],
      },
      {
        id: 'governing-law',
        title: 'Legislación aplicable y arbitraje',
        blocks: [
          'Estas condiciones se rigen por las leyes del Estado de Georgia (EE. UU.), sin perjuicio de sus normas de conflicto de leyes.',
          'Cualquier controversia derivada de estas condiciones o del servicio se resolverá mediante arbitraje individual vinculante con sede en Georgia, si bien cualquiera de las partes podrá presentar una reclamación individual ante un tribunal de reclamaciones de menor cuantía. No se admiten las acciones colectivas ni los arbitrajes colectivos.',
        ],
      },
      {
        id: 'changes',
        title: 'Modificaciones de estas condiciones',
        blocks: [
          'Podremos modificar estas condiciones. Publicaremos la nueva versión en esta página con una nueva fecha de «última actualización», y los cambios entrarán en vigor 30 días después de su publicación. Si sigue utilizando Brandloom a partir de entonces, acepta las nuevas condiciones; si no está de acuerdo, cancele antes de que entren en vigor.',
        ],
      },
      {
        id: 'contact',
        title: 'Contacto',
        blocks: [`Consultas sobre estas condiciones: ${supportEmail}.`],
      },
    ],
  };
}

function privacy(supportEmail: string): LegalDocument {
  return {
    title: 'Política de privacidad',
    headKey: 'public.head.privacy',
    intro:
      'Esta política explica qué datos personales recoge Brandloom cuando usted utiliza el servicio, qué hacemos con ellos, quién los trata por cuenta nuestra y cómo puede usted controlarlos. Brandloom se ofrece exclusivamente para su uso en los Estados Unidos.',
    sections: [
      {
        id: 'data-we-collect',
        title: 'Datos que recogemos',
        blocks: [
          {
            list: [
              'Datos de la cuenta: su dirección de correo electrónico, su nombre de usuario, su avatar y, si se registra con contraseña, un hash Argon2id con sal de la misma (nunca la contraseña en sí). Con el inicio de sesión de Google recibimos su nombre, su dirección de correo electrónico y el identificador de su cuenta de Google.',
              'Datos de la organización: su nombre, sus miembros y funciones, su plan, su saldo de créditos y el registro de compras y consumos de créditos.',
              'Datos de marca: las imágenes de marca que sube y los perfiles de marca (colores, tipografía, estilo visual) extraídos de ellas o introducidos por usted.',
              'Datos creativos: sus prompts, imágenes de referencia, imágenes generadas, carpetas y los metadatos de cada recurso.',
              'Datos de facturación: sus identificadores de cliente y de suscripción en Stripe y su historial de compras. Los datos de la tarjeta se introducen en las páginas de Stripe y nunca llegan a nuestros servidores.',
              'Datos de la plataforma publicitaria, cuando conecta Meta: un token de acceso (cifrado en reposo), sus cuentas publicitarias, sus páginas, las campañas que seleccione y el historial de sus envíos.',
              'Datos técnicos: una cookie de sesión que mantiene su sesión iniciada y registros del servidor (dirección IP, ruta de la solicitud, hora) utilizados con fines de seguridad y depuración. No utilizamos rastreadores publicitarios ni analíticos.',
            ],
          },
        ],
      },
      {
        id: 'how-we-use-it',
        title: 'Cómo utilizamos sus datos',
        blocks: [
          {
            list: [
              'para prestar el servicio: iniciar su sesión, generar y almacenar imágenes, y conservar sus perfiles de marca y su biblioteca;',
              'para facturarle y mantener un saldo de créditos exacto;',
              'para enviar recursos a su cuenta publicitaria cuando usted nos lo pida;',
              'para proteger el servicio, prevenir abusos y resolver problemas;',
              'para enviarle correos electrónicos del servicio, como invitaciones y restablecimientos de contraseña.',
            ],
          },
          'No vendemos sus datos personales ni utilizamos lo que sube ni las imágenes generadas para entrenar modelos de IA.',
        ],
      },
      {
        id: 'processors',
        title: 'Encargados del tratamiento con los que compartimos datos',
        blocks: [
          'Solo compartimos datos con los encargados del tratamiento que gestionan partes del servicio por cuenta nuestra, y únicamente los que cada uno necesita:',
          {
            list: [
              'Stripe, Inc.: pagos, suscripciones, facturas y el portal del cliente.',
              'OpenAI: cuando la generación de imágenes con OpenAI está configurada, su prompt, la calidad y el tamaño elegidos y las imágenes de referencia se envían a OpenAI para generar las imágenes.',
              'Meta Platforms, Inc.: solo cuando conecta su cuenta comercial de Meta; leemos sus cuentas publicitarias, páginas y campañas y subimos los recursos que envía.',
              'Amazon Web Services S3 (o el almacenamiento compatible con S3 que utilice nuestra instalación): almacenamiento de las imágenes subidas y generadas.',
              'Google: inicio de sesión, si elige «Iniciar sesión con Google».',
              'Nuestro proveedor de correo electrónico: envío de los correos del servicio.',
            ],
          },
        ],
      },
      {
        id: 'retention',
        title: 'Cuánto tiempo conservamos los datos',
        blocks: [
          'Por regla general, conservamos los datos personales durante 12 meses desde la última vez que fueron necesarios para prestar el servicio, salvo que la ley nos obligue a conservarlos más tiempo. Al eliminar su cuenta se eliminan sus datos de cuenta. Los datos de la plataforma publicitaria se eliminan en un plazo de 24 horas cuando usted desconecta la integración o nos envía una solicitud de eliminación de datos.',
        ],
      },
      {
        id: 'your-rights',
        title: 'Sus opciones y derechos',
        blocks: [
          'Puede consultar y modificar su perfil en Ajustes, descargar sus imágenes desde la biblioteca, desconectar la integración con la plataforma publicitaria y eliminar su cuenta. También puede solicitarnos por escrito una copia de sus datos, su rectificación o su supresión; cuando sean aplicables el RGPD o las leyes estatales de privacidad de EE. UU., como la CCPA, respetaremos los derechos que le reconocen.',
          'Para eliminar los datos que hemos recibido de Meta, siga los pasos de nuestra página de eliminación de datos en /meta-deletion.',
        ],
      },
      {
        id: 'security',
        title: 'Seguridad',
        blocks: [
          'El tráfico se cifra con TLS, las contraseñas se protegen con hash Argon2id, los tokens de la plataforma publicitaria se cifran con AES-256-GCM y cada solicitud se limita a los datos de su propia organización. Ningún método de almacenamiento o transmisión es totalmente seguro, pero trabajamos para proteger sus datos y le informaremos de cualquier brecha que le afecte conforme exija la ley.',
        ],
      },
      {
        id: 'children',
        title: 'Menores',
        blocks: [
          'Brandloom no está destinado a menores de 13 años y no recogemos conscientemente sus datos. Si cree que un menor de 13 años nos ha facilitado datos personales, póngase en contacto con nosotros y los eliminaremos.',
        ],
      },
      {
        id: 'changes',
        title: 'Modificaciones de esta política',
        blocks: ['Publicaremos cualquier modificación en esta página con una nueva fecha de «última actualización». Los cambios entrarán en vigor 30 días después de su publicación.'],
      },
      {
        id: 'contact',
        title: 'Contacto',
        blocks: [`Consultas y solicitudes sobre privacidad: ${supportEmail}.`],
      },
    ],
  };
}

const metaDeletion: MetaDeletionTexts = {
  title: 'Solicitud de eliminación de datos de Meta',
  intro:
    'Si ha conectado su cuenta comercial de Meta (Facebook) a Brandloom, puede solicitar que se eliminen todos los datos que hemos recibido de Meta. Siga los pasos que se indican a continuación; tramitamos cada solicitud de forma manual y la confirmamos por correo electrónico.',
  disconnectTitle: '1. Desconecte la integración',
  disconnectText:
    'Inicie sesión, abra la Biblioteca y, a continuación, la sección de integración, y desconecte su cuenta de Meta. Al desconectarla, su token de acceso se elimina de inmediato y se interrumpe todo acceso posterior a sus cuentas publicitarias.',
  contactTitle: '2. Póngase en contacto con soporte',
  contactBefore: 'Escríbanos a',
  contactAfter: 'con el asunto:',
  sendEmail: 'Enviar el correo ahora',
  sendEmailHint: 'El botón abre su aplicación de correo con el asunto y un mensaje que debe completar.',
  informationTitle: '3. Información necesaria',
  informationIntro: 'Incluya en su correo:',
  information: [
    'la dirección de correo electrónico de su cuenta de Brandloom',
    'su ID de usuario de Meta, si lo conoce',
    'la fecha en que conectó su cuenta de Meta',
    'su confirmación de que deben eliminarse todos los datos relacionados',
  ],
  processingTitle: '4. Plazo de tramitación',
  processingBefore: 'Tramitamos las solicitudes de eliminación en un plazo de',
  processingTime: '24 horas',
  processingAfter: 'y le enviamos un correo de confirmación cuando se han eliminado sus datos.',
  warningTitle: '5. Antes de solicitarlo',
  warningText:
    'La eliminación borra todos los datos de integración, los contenidos creativos subidos y el historial de campañas que conservamos de su cuenta de Meta. No se puede deshacer. Brandloom tramita estas solicitudes conforme a las Condiciones de la Plataforma de Meta y al RGPD.',
  help: '¿Necesita ayuda? Escríbanos a',
  mailSubject: 'Solicitud de eliminación de datos de Meta',
  mailBody: [
    'Hola, equipo de soporte de Brandloom:',
    '',
    'Les ruego que eliminen todos los datos de la plataforma publicitaria de Meta (Facebook) asociados a mi cuenta de Brandloom.',
    '',
    'Correo electrónico de la cuenta: [el correo de su cuenta]',
    'ID de usuario de Meta (si lo conoce): [su ID de usuario de Meta]',
    'Fecha en que conecté Meta: [fecha de conexión]',
    '',
    'Confirmo que deseo que se eliminen todos los datos de la plataforma publicitaria de Meta relacionados con mi cuenta.',
    '',
    'Gracias',
  ].join('\n'),
  status: {
    heading: (code) => `Solicitud de eliminación ${code}`,
    loading: 'Cargando el estado de la solicitud',
    notFound: 'No hay ninguna solicitud de eliminación con este código de confirmación.',
    failed: 'No se ha podido cargar el estado. Vuelva a intentarlo.',
    label: 'Estado:',
    completed: 'Completada',
    requested: (date) => `Solicitada el ${date}`,
    completedAt: (date) =>
      `Completada el ${date}: se eliminaron el token de acceso de Meta, las cuentas publicitarias y páginas almacenadas y el historial de envíos de este usuario de Meta.`,
  },
};

const texts: LegalTexts = {
  prevails: 'Esta es una traducción: en caso de discrepancia, prevalece la versión en inglés.',
  lastUpdated: 'Última actualización:',
  contents: 'Índice',
  terms,
  privacy,
  metaDeletion,
};

export default texts;
