import { DEFAULT_PREFERENCES, LANGUAGES, PRODUCT_NAME, WEBHOOK_MESSAGES, type Language, type MembershipRole } from '@brandloom/contracts';

// The words of the account mails in each language of the product. A mail is written in its
// recipient's stored language; an invitation, whose recipient has no account yet, in its sender's.

/** The language a mail to this user is written in: the stored preference, else `otherwise` (the request's), else en-US. */
export function mailLanguageOf(user: { preferences?: { language?: unknown } | null } | null | undefined, otherwise?: Language | null): Language {
  const stored = user?.preferences?.language;
  return LANGUAGES.find((language) => language === stored) ?? otherwise ?? DEFAULT_PREFERENCES.language;
}

/** The product language an `Accept-Language` header prefers ('de-DE,de;q=0.9' → 'de'), or null when it names none of them. */
export function requestLanguage(header: string | undefined): Language | null {
  const ranked = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { tag, q: Number.isFinite(q) ? q : 0 };
    })
    .filter(({ tag, q }) => tag && q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag === 'en' || tag.startsWith('en-')) return DEFAULT_PREFERENCES.language;
    const match = LANGUAGES.find((language) => tag === language.toLowerCase() || tag.startsWith(`${language.toLowerCase()}-`));
    if (match) return match;
  }
  return null;
}

export interface InvitationMailValues {
  inviter: string | null;
  organization: string;
  role: MembershipRole;
  ttlDays: number;
  supportEmail: string;
}

export interface ResetMailValues {
  email: string;
  ttlMinutes: number;
  supportEmail: string;
}

export interface WebhookDisabledMailValues {
  url: string;
  /** The failed attempts at one event after which the endpoint was disabled. */
  attempts: number;
  supportEmail: string;
}

interface MailTexts {
  roles: Record<MembershipRole, string>;
  invitation: (v: InvitationMailValues) => { subject: string; paragraphs: string[]; action: string; footer: string };
  reset: (v: ResetMailValues) => { subject: string; paragraphs: string[]; action: string; footer: string };
  googleReset: (v: ResetMailValues) => { subject: string; paragraphs: string[]; action: string; footer: string };
  webhookDisabled: (v: WebhookDisabledMailValues) => { subject: string; paragraphs: string[]; action: string; footer: string };
}

const P = PRODUCT_NAME;

export const MAIL_TEXTS: Record<Language, MailTexts> = {
  'en-US': {
    roles: { owner: 'Owner', admin: 'Admin', member: 'Member' },
    invitation: (v) => ({
      subject: `Join ${v.organization} on ${P}`,
      paragraphs: [
        `${v.inviter ? `${v.inviter} invited you` : 'You have been invited'} to join ${v.organization} on ${P} as ${MAIL_TEXTS['en-US'].roles[v.role]}.`,
        `The link works once and expires in ${v.ttlDays} days. A user belongs to one organization at a time: accepting moves your account into ${v.organization}.`,
      ],
      action: 'Accept the invitation',
      footer: `If you did not expect this invitation, you can ignore this mail. Questions: ${v.supportEmail}`,
    }),
    reset: (v) => ({
      subject: `Reset your ${P} password`,
      paragraphs: [
        `Someone asked to reset the password of your ${P} account (${v.email}).`,
        `The link works once and expires in ${v.ttlMinutes} minutes. Setting a new password signs you out everywhere else.`,
      ],
      action: 'Choose a new password',
      footer: `If you did not ask for this, you can ignore this mail: your password stays as it is. Questions: ${v.supportEmail}`,
    }),
    googleReset: (v) => ({
      subject: `Sign in to ${P} with Google`,
      paragraphs: [`Someone asked to reset the password of your ${P} account.`, 'Your account has no password: it signs in with Google. Use "Sign in with Google" on the sign-in page.'],
      action: 'Go to sign in',
      footer: `If you did not ask for this, you can ignore this mail: your password stays as it is. Questions: ${v.supportEmail}`,
    }),
    webhookDisabled: (v) => ({
      subject: `${P} disabled a webhook endpoint`,
      paragraphs: [
        `Deliveries to your webhook endpoint ${v.url} kept failing, so we stopped sending events to it.`,
        `${WEBHOOK_MESSAGES.disabledAfterFailures(v.attempts)}. Events that happen while it is disabled are not sent to it.`,
        'Fix the receiver, then enable the endpoint again in Settings → Webhooks; the delivery log shows each attempt and its answer, and any event can be re-sent from there.',
      ],
      action: 'Open webhook settings',
      footer: `You get this mail as an owner of the organization. Questions: ${v.supportEmail}`,
    }),
  },
  es: {
    roles: { owner: 'propietario', admin: 'administrador', member: 'miembro' },
    invitation: (v) => ({
      subject: `Únete a ${v.organization} en ${P}`,
      paragraphs: [
        `${v.inviter ? `${v.inviter} te ha invitado` : 'Te han invitado'} a unirte a ${v.organization} en ${P} como ${MAIL_TEXTS.es.roles[v.role]}.`,
        `El enlace solo funciona una vez y caduca en ${v.ttlDays} días. Cada usuario pertenece a una sola organización: al aceptar, tu cuenta pasa a ${v.organization}.`,
      ],
      action: 'Aceptar la invitación',
      footer: `Si no esperabas esta invitación, puedes ignorar este correo. ¿Dudas? ${v.supportEmail}`,
    }),
    reset: (v) => ({
      subject: `Restablece tu contraseña de ${P}`,
      paragraphs: [
        `Alguien ha pedido restablecer la contraseña de tu cuenta de ${P} (${v.email}).`,
        `El enlace solo funciona una vez y caduca en ${v.ttlMinutes} minutos. Al elegir una contraseña nueva se cerrará tu sesión en todos los demás dispositivos.`,
      ],
      action: 'Elegir una contraseña nueva',
      footer: `Si no lo has pedido tú, ignora este correo: tu contraseña no cambia. ¿Dudas? ${v.supportEmail}`,
    }),
    googleReset: (v) => ({
      subject: `Inicia sesión en ${P} con Google`,
      paragraphs: [`Alguien ha pedido restablecer la contraseña de tu cuenta de ${P}.`, 'Tu cuenta no tiene contraseña: inicias sesión con Google. Usa «Iniciar sesión con Google» en la página de inicio de sesión.'],
      action: 'Ir a iniciar sesión',
      footer: `Si no lo has pedido tú, ignora este correo: tu contraseña no cambia. ¿Dudas? ${v.supportEmail}`,
    }),
    webhookDisabled: (v) => ({
      subject: `${P} ha desactivado un endpoint de webhook`,
      paragraphs: [
        `Las entregas a tu endpoint de webhook ${v.url} fallaban una y otra vez, así que hemos dejado de enviarle eventos.`,
        `Fallaron ${v.attempts} intentos de entregar un mismo evento. Los eventos que ocurran mientras esté desactivado no se le enviarán.`,
        'Corrige el receptor y vuelve a activar el endpoint en Ajustes → Webhooks; el registro de entregas muestra cada intento y su respuesta, y desde ahí puedes reenviar cualquier evento.',
      ],
      action: 'Abrir los ajustes de webhooks',
      footer: `Recibes este correo como propietario de la organización. ¿Dudas? ${v.supportEmail}`,
    }),
  },
  fr: {
    roles: { owner: 'propriétaire', admin: 'administrateur', member: 'membre' },
    invitation: (v) => ({
      subject: `Rejoignez ${v.organization} sur ${P}`,
      paragraphs: [
        `${v.inviter ? `${v.inviter} vous invite` : 'Vous êtes invité'} à rejoindre ${v.organization} sur ${P} en tant que ${MAIL_TEXTS.fr.roles[v.role]}.`,
        `Le lien ne fonctionne qu’une fois et expire dans ${v.ttlDays}\u00a0jours. Un utilisateur appartient à une seule organisation à la fois\u00a0: en acceptant, votre compte rejoint ${v.organization}.`,
      ],
      action: 'Accepter l’invitation',
      footer: `Si vous n’attendiez pas cette invitation, vous pouvez ignorer cet e-mail. Des questions\u00a0? ${v.supportEmail}`,
    }),
    reset: (v) => ({
      subject: `Réinitialisez votre mot de passe ${P}`,
      paragraphs: [
        `Quelqu’un a demandé à réinitialiser le mot de passe de votre compte ${P} (${v.email}).`,
        `Le lien ne fonctionne qu’une fois et expire dans ${v.ttlMinutes}\u00a0minutes. Choisir un nouveau mot de passe vous déconnecte de tous vos autres appareils.`,
      ],
      action: 'Choisir un nouveau mot de passe',
      footer: `Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail\u00a0: votre mot de passe reste inchangé. Des questions\u00a0? ${v.supportEmail}`,
    }),
    googleReset: (v) => ({
      subject: `Connectez-vous à ${P} avec Google`,
      paragraphs: [
        `Quelqu’un a demandé à réinitialiser le mot de passe de votre compte ${P}.`,
        'Votre compte n’a pas de mot de passe\u00a0: vous vous connectez avec Google. Utilisez «\u00a0Se connecter avec Google\u00a0» sur la page de connexion.',
      ],
      action: 'Aller à la connexion',
      footer: `Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail\u00a0: votre mot de passe reste inchangé. Des questions\u00a0? ${v.supportEmail}`,
    }),
    webhookDisabled: (v) => ({
      subject: `${P} a désactivé un endpoint de webhook`,
      paragraphs: [
        `Les livraisons vers votre endpoint de webhook ${v.url} échouaient sans cesse\u00a0: nous avons donc cessé de lui envoyer des événements.`,
        `${v.attempts}\u00a0tentatives de livraison d’un même événement ont échoué. Les événements survenus pendant qu’il est désactivé ne lui sont pas envoyés.`,
        'Corrigez le récepteur, puis réactivez l’endpoint dans Paramètres → Webhooks\u00a0; le journal de livraisons affiche chaque tentative et sa réponse, et vous pouvez y renvoyer n’importe quel événement.',
      ],
      action: 'Ouvrir les paramètres des webhooks',
      footer: `Vous recevez cet e-mail en tant que propriétaire de l’organisation. Des questions\u00a0? ${v.supportEmail}`,
    }),
  },
  de: {
    roles: { owner: 'Inhaber', admin: 'Administrator', member: 'Mitglied' },
    invitation: (v) => ({
      subject: `Einladung zu ${v.organization} auf ${P}`,
      paragraphs: [
        `${v.inviter ? `${v.inviter} hat Sie eingeladen` : 'Sie wurden eingeladen'}, ${v.organization} auf ${P} als ${MAIL_TEXTS.de.roles[v.role]} beizutreten.`,
        `Der Link funktioniert einmal und läuft in ${v.ttlDays} Tagen ab. Ein Benutzer gehört immer zu genau einer Organisation: Wenn Sie annehmen, wechselt Ihr Konto zu ${v.organization}.`,
      ],
      action: 'Einladung annehmen',
      footer: `Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren. Fragen? ${v.supportEmail}`,
    }),
    reset: (v) => ({
      subject: `Ihr ${P}-Passwort zurücksetzen`,
      paragraphs: [
        `Jemand hat angefordert, das Passwort Ihres ${P}-Kontos (${v.email}) zurückzusetzen.`,
        `Der Link funktioniert einmal und läuft in ${v.ttlMinutes} Minuten ab. Mit einem neuen Passwort werden Sie überall sonst abgemeldet.`,
      ],
      action: 'Neues Passwort wählen',
      footer: `Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert. Fragen? ${v.supportEmail}`,
    }),
    googleReset: (v) => ({
      subject: `Mit Google bei ${P} anmelden`,
      paragraphs: [
        `Jemand hat angefordert, das Passwort Ihres ${P}-Kontos zurückzusetzen.`,
        'Ihr Konto hat kein Passwort: Sie melden sich mit Google an. Nutzen Sie „Mit Google anmelden“ auf der Anmeldeseite.',
      ],
      action: 'Zur Anmeldung',
      footer: `Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert. Fragen? ${v.supportEmail}`,
    }),
    webhookDisabled: (v) => ({
      subject: `${P} hat einen Webhook-Endpunkt deaktiviert`,
      paragraphs: [
        `Zustellungen an Ihren Webhook-Endpunkt ${v.url} sind wiederholt fehlgeschlagen, daher senden wir keine Ereignisse mehr an ihn.`,
        `${v.attempts} Versuche, ein Ereignis zuzustellen, sind fehlgeschlagen. Ereignisse, die eintreten, während er deaktiviert ist, werden nicht an ihn gesendet.`,
        'Beheben Sie das Problem beim Empfänger und aktivieren Sie den Endpunkt dann unter Einstellungen → Webhooks wieder; das Zustellprotokoll zeigt jeden Versuch mit seiner Antwort, und jedes Ereignis lässt sich dort erneut senden.',
      ],
      action: 'Webhook-Einstellungen öffnen',
      footer: `Sie erhalten diese E-Mail als Inhaber der Organisation. Fragen? ${v.supportEmail}`,
    }),
  },
};
