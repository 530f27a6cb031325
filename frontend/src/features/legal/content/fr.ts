import type { LegalDocument, LegalTexts, MetaDeletionTexts } from '../texts';

// Les pages juridiques en français : une traduction ; en cas de divergence, la version anglaise
// (content/en-US.ts) prévaut. Espace insécable avant : ; ? ! comme le veut la typographie française.

function terms(supportEmail: string): LegalDocument {
  return {
    title: 'Conditions d’utilisation',
    headKey: 'public.head.terms',
    intro:
      'Les présentes conditions constituent un contrat entre vous (et l’organisation pour laquelle vous utilisez Brandloom) et Brandloom. En créant un compte ou en utilisant le service, vous les acceptez. Nous vous invitons à les lire conjointement avec notre Politique de confidentialité.',
    sections: [
      {
        id: 'eligibility',
        title: 'Conditions d’accès et utilisation aux États-Unis uniquement',
        blocks: [
          'Brandloom est proposé uniquement pour une utilisation aux États-Unis. Vous ne pouvez pas utiliser le service depuis l’extérieur des États-Unis ni pour le compte d’une personne située hors de ce pays.',
          'Vous devez être âgé d’au moins 13\u00a0ans pour utiliser Brandloom. Si vous n’avez pas atteint l’âge de la majorité là où vous résidez, l’un de vos parents ou votre représentant légal doit accepter les présentes conditions pour vous. Si vous utilisez Brandloom pour le compte d’une société, vous confirmez être habilité à engager cette société au titre des présentes conditions.',
        ],
      },
      {
        id: 'accounts',
        title: 'Comptes et organisations',
        blocks: [
          'Vous vous inscrivez avec une adresse e-mail et un mot de passe, ou avec Google. Gardez votre mot de passe secret\u00a0: vous êtes responsable de toute activité effectuée depuis votre compte.',
          'Chaque utilisateur appartient à une organisation. L’organisation détient le solde de crédits, l’offre et les profils de marque\u00a0; ses propriétaires et administrateurs gèrent ses membres. Toutes les offres incluent un nombre illimité d’utilisateurs.',
        ],
      },
      {
        id: 'credits-and-plans',
        title: 'Crédits, offres et paiements',
        blocks: [
          'La génération d’une image consomme des crédits\u00a0: 1 en qualité basse, 2 en qualité moyenne et 4 en qualité haute, par image. Les crédits n’expirent pas tant que l’organisation existe.',
          'Les offres mensuelles et annuelles ajoutent des crédits à chaque période payée\u00a0; les packs de crédits ponctuels ajoutent des crédits une seule fois. Les packs à durée limitée ne sont proposés que tant qu’ils sont affichés. Les prix sont exprimés en dollars américains, hors taxes lorsque des taxes s’appliquent.',
          'Les paiements sont traités par Stripe sur ses propres pages\u00a0; Brandloom ne voit ni ne conserve jamais le numéro complet de votre carte. Les abonnements sont reconduits automatiquement jusqu’à leur résiliation depuis la page de facturation ou le portail client.',
        ],
      },
      {
        id: 'cancellation-and-refunds',
        title: 'Résiliation et remboursements',
        blocks: [
          'Vous pouvez résilier un abonnement à tout moment. En cas de résiliation, nous remboursons le montant payé pour la période de facturation en cours et l’abonnement prend fin. Les crédits déjà attribués restent dans votre solde.',
          'Les packs de crédits ponctuels ne sont pas remboursables une fois leurs crédits utilisés. Les crédits débités pour une génération qui a échoué sont automatiquement recrédités sur votre solde.',
        ],
      },
      {
        id: 'acceptable-use',
        title: 'Utilisation acceptable',
        blocks: [
          'Vous vous engagez à ne pas utiliser Brandloom pour\u00a0:',
          {
            list: [
              'créer des contenus illicites, trompeurs, diffamatoires, sexuellement explicites impliquant des mineurs, haineux ou portant atteinte aux droits d’autrui\u00a0;',
              'importer des images ou des éléments de marque que vous n’avez pas le droit d’utiliser\u00a0;',
              'usurper l’identité de personnes ou de marques, ou induire quiconque en erreur sur l’origine des images générées\u00a0;',
              'sonder, surcharger ou contourner la sécurité ou les limites du service\u00a0;',
              'revendre l’accès au service sans notre autorisation écrite.',
            ],
          },
          'Nous pouvons suspendre les comptes qui enfreignent ces règles et refuser les prompts rejetés par la politique de contenu du fournisseur d’images.',
        ],
      },
      {
        id: 'content',
        title: 'Vos contenus et les images générées',
        blocks: [
          'Vous conservez les droits que vous détenez sur ce que vous importez (images de marque, images de référence, prompts). Vous accordez à Brandloom l’autorisation limitée nécessaire pour les stocker et les traiter afin de fournir le service.',
          'Sous réserve des présentes conditions et de celles du fournisseur d’images, vous pouvez utiliser les images que vous générez à toute fin licite, y compris commerciale. Les images générées par IA peuvent ressembler à des œuvres existantes\u00a0; vérifiez-les avant de les publier.',
        ],
      },
      {
        id: 'ad-platform',
        title: 'Intégration aux plateformes publicitaires',
        blocks: [
          'Avec les offres qui l’incluent, vous pouvez connecter un compte professionnel Meta (Facebook) et envoyer des visuels dans vos campagnes existantes sous forme de publicités en pause. Les conditions et les règles publicitaires de Meta s’appliquent à tout ce que vous y publiez. Vous pouvez vous déconnecter à tout moment et demander la suppression des données reçues de Meta sur notre page de suppression des données.',
        ],
      },
      {
        id: 'data-retention',
        title: 'Conservation des données',
        blocks: [
          'Nous conservons en principe les données du compte pendant 12\u00a0mois après la dernière date à laquelle elles ont été nécessaires à la fourniture du service, sauf si la loi impose une durée plus longue ou si vous les supprimez plus tôt. La Politique de confidentialité précise ce que nous conservons et pourquoi.',
        ],
      },
      {
        id: 'disclaimers',
        title: 'Disponibilité et exclusion de garanties',
        blocks: [
          'Brandloom est en version bêta. Nous nous efforçons d’assurer sa disponibilité et son bon fonctionnement, mais le service est fourni «\u00a0en l’état\u00a0» et «\u00a0selon disponibilité\u00a0», sans garantie d’aucune sorte dans la mesure permise par la loi, notamment quant à l’adéquation à un usage particulier et à l’absence de contrefaçon.',
        ],
      },
      {
        id: 'liability',
        title: 'Limitation de responsabilité',
        blocks: [
          'Dans la mesure permise par la loi, Brandloom ne saurait être tenu responsable des dommages indirects, accessoires, spéciaux, consécutifs ou punitifs, ni de la perte de bénéfices, de chiffre d’affaires ou de données.',
          'Notre responsabilité totale au titre de toute réclamation découlant du service ou s’y rapportant est limitée au plus élevé des deux montants suivants\u00a0: les sommes que vous nous avez versées au cours des 12\u00a0mois précédant la naissance de la réclamation, ou 100\u00a0USD.',
        ],
      },
      {
        id: 'governing-law',
        title: 'Droit applicable et arbitrage',
        blocks: [
          'Les présentes conditions sont régies par le droit de l’État de Géorgie (États-Unis), sans égard à ses règles de conflit de lois.',
          'Tout litige découlant des présentes conditions ou du service sera tranché par un arbitrage individuel et contraignant siégeant en Géorgie, chaque partie pouvant toutefois porter une réclamation individuelle devant un tribunal des petits litiges. Les actions collectives et les arbitrages collectifs ne sont pas admis.',
        ],
      },
      {
        id: 'changes',
        title: 'Modification des présentes conditions',
        blocks: [
          'Nous pouvons modifier les présentes conditions. Nous publions la nouvelle version sur cette page avec une nouvelle date de «\u00a0dernière mise à jour\u00a0», et les modifications prennent effet 30\u00a0jours après leur publication. Si vous continuez à utiliser Brandloom après cette date, vous acceptez les nouvelles conditions\u00a0; si vous ne les acceptez pas, résiliez avant leur entrée en vigueur.',
        ],
      },
      {
        id: 'contact',
        title: 'Contact',
        blocks: [`Questions relatives aux présentes conditions\u00a0: ${supportEmail}.`],
      },
    ],
  };
}

function privacy(supportEmail: string): LegalDocument {
  return {
    title: 'Politique de confidentialité',
    headKey: 'public.head.privacy',
    intro:
      'La présente politique explique quelles données personnelles Brandloom collecte lorsque vous utilisez le service, ce que nous en faisons, qui les traite pour notre compte et comment vous en gardez la maîtrise. Brandloom est proposé uniquement pour une utilisation aux États-Unis.',
    sections: [
      {
        id: 'data-we-collect',
        title: 'Données collectées',
        blocks: [
          {
            list: [
              'Données de compte\u00a0: votre adresse e-mail, votre nom d’utilisateur, votre avatar et, si vous vous inscrivez avec un mot de passe, une empreinte Argon2id salée de celui-ci (jamais le mot de passe lui-même). Avec la connexion Google, nous recevons votre nom, votre adresse e-mail et l’identifiant de votre compte Google.',
              'Données de l’organisation\u00a0: son nom, ses membres et leurs rôles, son offre, son solde de crédits et l’historique des achats et de la consommation de crédits.',
              'Données de marque\u00a0: les images de marque que vous importez et les profils de marque (couleurs, typographie, style visuel) qui en sont extraits ou que vous saisissez.',
              'Données créatives\u00a0: vos prompts, images de référence, images générées, dossiers et les métadonnées de chaque visuel.',
              'Données de facturation\u00a0: vos identifiants client et d’abonnement Stripe et votre historique d’achats. Les données de carte sont saisies sur les pages de Stripe et ne parviennent jamais à nos serveurs.',
              'Données de la plateforme publicitaire, lorsque vous connectez Meta\u00a0: un jeton d’accès (chiffré au repos), vos comptes publicitaires, vos pages, les campagnes que vous sélectionnez et l’historique de vos envois.',
              'Données techniques\u00a0: un cookie de session qui vous maintient connecté et des journaux serveur (adresse IP, chemin de la requête, heure) utilisés à des fins de sécurité et de débogage. Nous n’utilisons aucun traceur publicitaire ni de mesure d’audience.',
            ],
          },
        ],
      },
      {
        id: 'how-we-use-it',
        title: 'Utilisation de vos données',
        blocks: [
          {
            list: [
              'pour faire fonctionner le service\u00a0: vous connecter, générer et stocker des images, conserver vos profils de marque et votre bibliothèque\u00a0;',
              'pour vous facturer et tenir un solde de crédits exact\u00a0;',
              'pour envoyer des visuels vers votre compte publicitaire lorsque vous nous le demandez\u00a0;',
              'pour sécuriser le service, prévenir les abus et corriger les problèmes\u00a0;',
              'pour vous envoyer des e-mails de service, tels que les invitations et les réinitialisations de mot de passe.',
            ],
          },
          'Nous ne vendons pas vos données personnelles et n’utilisons ni vos imports ni les images générées pour entraîner des modèles d’IA.',
        ],
      },
      {
        id: 'processors',
        title: 'Sous-traitants avec lesquels nous partageons des données',
        blocks: [
          'Nous ne partageons des données qu’avec les sous-traitants qui exploitent certaines parties du service pour notre compte, et uniquement celles dont chacun a besoin\u00a0:',
          {
            list: [
              'Stripe, Inc.\u00a0: paiements, abonnements, factures et portail client.',
              'OpenAI\u00a0: lorsque la génération d’images avec OpenAI est configurée, votre prompt, la qualité et la taille choisies ainsi que les éventuelles images de référence sont transmis à OpenAI pour générer les images.',
              'Meta Platforms, Inc.\u00a0: uniquement lorsque vous connectez votre compte professionnel Meta\u00a0; nous lisons vos comptes publicitaires, pages et campagnes et importons les visuels que vous envoyez.',
              'Amazon Web Services S3 (ou le stockage compatible S3 utilisé par notre déploiement)\u00a0: stockage des images importées et générées.',
              'Google\u00a0: connexion, si vous choisissez «\u00a0Se connecter avec Google\u00a0».',
              'Notre prestataire d’e-mail\u00a0: envoi des e-mails de service.',
            ],
          },
        ],
      },
      {
        id: 'retention',
        title: 'Durée de conservation',
        blocks: [
          'Nous conservons en principe les données personnelles pendant 12\u00a0mois après la dernière date à laquelle elles ont été nécessaires à la fourniture du service, sauf si la loi nous impose de les conserver plus longtemps. La suppression de votre compte entraîne celle de ses données. Les données de la plateforme publicitaire sont supprimées dans un délai de 24\u00a0heures lorsque vous déconnectez l’intégration ou nous adressez une demande de suppression.',
        ],
      },
      {
        id: 'your-rights',
        title: 'Vos choix et vos droits',
        blocks: [
          'Vous pouvez consulter et modifier votre profil dans Paramètres, télécharger vos images depuis la bibliothèque, déconnecter l’intégration à la plateforme publicitaire et supprimer votre compte. Vous pouvez également nous demander par écrit une copie de vos données, leur rectification ou leur effacement\u00a0; lorsque le RGPD ou les lois des États américains sur la protection de la vie privée, comme le CCPA, s’appliquent, nous respectons les droits qu’ils vous confèrent.',
          'Pour faire supprimer les données reçues de Meta, suivez les étapes de notre page de suppression des données à l’adresse /meta-deletion.',
        ],
      },
      {
        id: 'security',
        title: 'Sécurité',
        blocks: [
          'Les échanges sont chiffrés par TLS, les mots de passe sont hachés avec Argon2id, les jetons de la plateforme publicitaire sont chiffrés en AES-256-GCM et chaque requête est limitée aux données de votre propre organisation. Aucune méthode de stockage ou de transmission n’est parfaitement sûre, mais nous nous employons à protéger vos données et vous informerons de toute violation vous concernant, comme la loi l’exige.',
        ],
      },
      {
        id: 'children',
        title: 'Mineurs',
        blocks: [
          'Brandloom n’est pas destiné aux enfants de moins de 13\u00a0ans et nous ne collectons pas sciemment leurs données. Si vous pensez qu’un enfant de moins de 13\u00a0ans nous a communiqué des données personnelles, contactez-nous et nous les supprimerons.',
        ],
      },
      {
        id: 'changes',
        title: 'Modification de la présente politique',
        blocks: ['Toute modification est publiée sur cette page avec une nouvelle date de «\u00a0dernière mise à jour\u00a0». Les modifications prennent effet 30\u00a0jours après leur publication.'],
      },
      {
        id: 'contact',
        title: 'Contact',
        blocks: [`Questions et demandes relatives à la confidentialité\u00a0: ${supportEmail}.`],
      },
    ],
  };
}

const metaDeletion: MetaDeletionTexts = {
  title: 'Demande de suppression des données Meta',
  intro:
    'Si vous avez connecté votre compte professionnel Meta (Facebook) à Brandloom, vous pouvez faire supprimer toutes les données que nous avons reçues de Meta. Suivez les étapes ci-dessous\u00a0; nous traitons chaque demande manuellement et la confirmons par e-mail.',
  disconnectTitle: '1. Déconnectez l’intégration',
  disconnectText:
    'Connectez-vous, ouvrez la Bibliothèque, puis la section d’intégration, et déconnectez votre compte Meta. La déconnexion supprime immédiatement votre jeton d’accès et met fin à tout accès ultérieur à vos comptes publicitaires.',
  contactTitle: '2. Contactez le support',
  contactBefore: 'Écrivez-nous à',
  contactAfter: 'avec l’objet\u00a0:',
  sendEmail: 'Envoyer l’e-mail maintenant',
  sendEmailHint: 'Le bouton ouvre votre messagerie avec l’objet et un message à compléter.',
  informationTitle: '3. Informations requises',
  informationIntro: 'Indiquez dans votre e-mail\u00a0:',
  information: [
    'l’adresse e-mail de votre compte Brandloom',
    'votre identifiant utilisateur Meta, si vous le connaissez',
    'la date à laquelle vous avez connecté votre compte Meta',
    'votre confirmation que toutes les données associées doivent être supprimées',
  ],
  processingTitle: '4. Délai de traitement',
  processingBefore: 'Nous traitons les demandes de suppression sous',
  processingTime: '24\u00a0heures',
  processingAfter: 'et vous envoyons un e-mail de confirmation une fois vos données supprimées.',
  warningTitle: '5. Avant de faire votre demande',
  warningText:
    'La suppression efface toutes les données d’intégration, les créations importées et l’historique des campagnes que nous détenons pour votre compte Meta. Elle est irréversible. Brandloom traite ces demandes conformément aux Conditions de la plateforme Meta et au RGPD.',
  help: 'Besoin d’aide\u00a0? Contactez-nous à',
  mailSubject: 'Demande de suppression des données Meta',
  mailBody: [
    'Bonjour,',
    '',
    'Je vous prie de supprimer toutes les données de la plateforme publicitaire Meta (Facebook) associées à mon compte Brandloom.',
    '',
    'E-mail du compte\u00a0: [l’e-mail de votre compte]',
    'Identifiant utilisateur Meta (si connu)\u00a0: [votre identifiant utilisateur Meta]',
    'Date de connexion de Meta\u00a0: [date de connexion]',
    '',
    'Je confirme vouloir la suppression de toutes les données de la plateforme publicitaire Meta liées à mon compte.',
    '',
    'Merci',
  ].join('\n'),
  status: {
    heading: (code) => `Demande de suppression ${code}`,
    loading: 'Chargement de l’état de la demande',
    notFound: 'Aucune demande de suppression ne correspond à ce code de confirmation.',
    failed: 'Impossible de charger l’état. Veuillez réessayer.',
    label: 'État\u00a0:',
    completed: 'Terminée',
    requested: (date) => `Demandée le ${date}`,
    completedAt: (date) =>
      `Terminée le ${date}\u00a0: le jeton d’accès Meta, les comptes publicitaires et pages en cache et l’historique des envois de cet utilisateur Meta ont été supprimés.`,
  },
};

const texts: LegalTexts = {
  prevails: 'Ceci est une traduction\u00a0: en cas de divergence, la version anglaise prévaut.',
  lastUpdated: 'Dernière mise à jour\u00a0:',
  contents: 'Sommaire',
  terms,
  privacy,
  metaDeletion,
};

export default texts;
