import type { LegalDocument, LegalTexts, MetaDeletionTexts } from '../texts';

// Die Rechtstexte auf Deutsch: eine Übersetzung; bei Abweichungen ist die englische Fassung
// (content/en-US.ts) maßgeblich. Förmliche Anrede (Sie).

function terms(supportEmail: string): LegalDocument {
  return {
    title: 'Nutzungsbedingungen',
    headKey: 'public.head.terms',
    intro:
      'Diese Bedingungen sind eine Vereinbarung zwischen Ihnen (und der Organisation, für die Sie Brandloom nutzen) und Brandloom. Mit der Erstellung eines Kontos oder der Nutzung des Dienstes erkennen Sie sie an. Bitte lesen Sie sie zusammen mit unserer Datenschutzerklärung.',
    sections: [
      {
        id: 'eligibility',
        title: 'Nutzungsberechtigung und Nutzung ausschließlich in den USA',
        blocks: [
          'Brandloom wird ausschließlich zur Nutzung in den Vereinigten Staaten angeboten. Sie dürfen den Dienst weder von außerhalb der Vereinigten Staaten noch im Auftrag von Personen nutzen, die sich außerhalb der Vereinigten Staaten befinden.',
          'Für die Nutzung von Brandloom müssen Sie mindestens 13 Jahre alt sein. Sind Sie nach dem Recht Ihres Wohnorts noch nicht volljährig, muss ein Elternteil oder Ihr gesetzlicher Vertreter diesen Bedingungen für Sie zustimmen. Nutzen Sie Brandloom für ein Unternehmen, bestätigen Sie, dass Sie berechtigt sind, dieses Unternehmen an diese Bedingungen zu binden.',
        ],
      },
      {
        id: 'accounts',
        title: 'Konten und Organisationen',
        blocks: [
          'Sie registrieren sich mit einer E-Mail-Adresse und einem Passwort oder mit Google. Halten Sie Ihr Passwort geheim: Sie sind für alle Vorgänge unter Ihrem Konto verantwortlich.',
          'Jeder Nutzer gehört einer Organisation an. Die Organisation verfügt über das Credit-Guthaben, den Tarif und die Markenprofile; ihre Inhaber und Administratoren verwalten ihre Mitglieder. Jeder Tarif umfasst unbegrenzt viele Nutzer.',
        ],
      },
      {
        id: 'credits-and-plans',
        title: 'Credits, Tarife und Zahlungen',
        blocks: [
          'Die Erstellung eines Bildes kostet Credits: 1 bei niedriger, 2 bei mittlerer und 4 bei hoher Qualität, jeweils pro Bild. Credits verfallen nicht, solange die Organisation besteht.',
          'Monats- und Jahrestarife schreiben in jedem bezahlten Zeitraum Credits gut; einmalige Credit-Pakete schreiben einmalig Credits gut. Zeitlich begrenzte Pakete werden nur angeboten, solange sie angezeigt werden. Die Preise verstehen sich in US-Dollar und zuzüglich etwaiger anfallender Steuern.',
          'Zahlungen werden von Stripe auf dessen eigenen Seiten abgewickelt; Brandloom sieht oder speichert Ihre vollständige Kartennummer zu keinem Zeitpunkt. Abonnements verlängern sich automatisch, bis sie über die Abrechnungsseite oder das Kundenportal gekündigt werden.',
        ],
      },
      {
        id: 'cancellation-and-refunds',
        title: 'Kündigung und Erstattungen',
        blocks: [
          'Sie können ein Abonnement jederzeit kündigen. Bei einer Kündigung erstatten wir den für den laufenden Abrechnungszeitraum gezahlten Betrag, und das Abonnement endet. Bereits gutgeschriebene Credits verbleiben in Ihrem Guthaben.',
          'Einmalige Credit-Pakete werden nicht erstattet, sobald ihre Credits verbraucht sind. Credits, die für eine fehlgeschlagene Erstellung abgebucht wurden, werden Ihrem Guthaben automatisch wieder gutgeschrieben.',
        ],
      },
      {
        id: 'acceptable-use',
        title: 'Zulässige Nutzung',
        blocks: [
          'Sie verpflichten sich, Brandloom nicht zu nutzen, um:',
          {
            list: [
              'Inhalte zu erstellen, die rechtswidrig, irreführend, verleumderisch, sexuell explizit unter Beteiligung Minderjähriger oder hasserfüllt sind oder Rechte Dritter verletzen;',
              'Bilder oder Markenmaterial hochzuladen, zu deren Nutzung Sie nicht berechtigt sind;',
              'sich als andere Personen oder Marken auszugeben oder über die Herkunft erstellter Bilder zu täuschen;',
              'die Sicherheit oder die Grenzen des Dienstes auszuforschen, zu überlasten oder zu umgehen;',
              'den Zugang zum Dienst ohne unsere schriftliche Genehmigung weiterzuverkaufen.',
            ],
          },
          'Wir können Konten sperren, die gegen diese Regeln verstoßen, und Prompts ablehnen, die nach den Inhaltsrichtlinien des Bildanbieters unzulässig sind.',
        ],
      },
      {
        id: 'content',
        title: 'Ihre Inhalte und die erstellten Bilder',
        blocks: [
          'Sie behalten die Rechte, die Ihnen an den hochgeladenen Inhalten (Markenbilder, Referenzbilder, Prompts) zustehen. Sie räumen Brandloom das beschränkte Recht ein, diese zu speichern und zu verarbeiten, soweit dies zur Erbringung des Dienstes erforderlich ist.',
          'Vorbehaltlich dieser Bedingungen und der Bedingungen des Bildanbieters dürfen Sie die von Ihnen erstellten Bilder für jeden rechtmäßigen Zweck nutzen, einschließlich der kommerziellen Nutzung. KI-generierte Bilder können bestehenden Werken ähneln; prüfen Sie sie vor der Veröffentlichung.',
        ],
      },
      {
        id: 'ad-platform',
        title: 'Anbindung an Werbeplattformen',
        blocks: [
          'In Tarifen, die dies umfassen, können Sie ein Meta-Unternehmenskonto (Facebook) verbinden und Medien als pausierte Anzeigen in Ihre bestehenden Kampagnen übertragen. Für alles, was Sie dort veröffentlichen, gelten die eigenen Bedingungen und Werberichtlinien von Meta. Sie können die Verbindung jederzeit trennen und auf unserer Seite zur Datenlöschung die Löschung der von Meta erhaltenen Daten beantragen.',
        ],
      },
      {
        id: 'data-retention',
        title: 'Aufbewahrung von Daten',
        blocks: [
          'Kontodaten bewahren wir in der Regel 12 Monate ab dem Zeitpunkt auf, zu dem sie zuletzt für die Erbringung des Dienstes benötigt wurden, sofern das Gesetz keine längere Aufbewahrung verlangt oder Sie sie nicht früher löschen. Die Datenschutzerklärung erläutert, was wir aufbewahren und warum.',
        ],
      },
      {
        id: 'disclaimers',
        title: 'Verfügbarkeit und Gewährleistungsausschluss',
        blocks: [
          'Brandloom befindet sich in der Beta-Phase. Wir arbeiten daran, den Dienst verfügbar und fehlerfrei zu halten; er wird jedoch, soweit gesetzlich zulässig, „wie besehen“ und „wie verfügbar“ ohne Gewährleistung jeglicher Art bereitgestellt, einschließlich der Eignung für einen bestimmten Zweck und der Nichtverletzung von Rechten Dritter.',
        ],
      },
      {
        id: 'liability',
        title: 'Haftungsbeschränkung',
        blocks: [
          'Soweit gesetzlich zulässig, haftet Brandloom nicht für indirekte, beiläufige, besondere, Folge- oder Strafschäden oder für entgangenen Gewinn, Umsatzeinbußen oder Datenverluste.',
          'Unsere Gesamthaftung für alle Ansprüche, die sich aus dem Dienst ergeben oder mit ihm zusammenhängen, ist auf den höheren der folgenden Beträge beschränkt: die Beträge, die Sie uns in den 12 Monaten vor Entstehung des Anspruchs gezahlt haben, oder 100 USD.',
        ],
      },
      {
        id: 'governing-law',
        title: 'Anwendbares Recht und Schiedsverfahren',
        blocks: [
          'Diese Bedingungen unterliegen dem Recht des Bundesstaates Georgia (USA) unter Ausschluss seiner kollisionsrechtlichen Bestimmungen.',
          'Alle Streitigkeiten aus diesen Bedingungen oder im Zusammenhang mit dem Dienst werden durch ein verbindliches Einzelschiedsverfahren mit Sitz in Georgia beigelegt; jede Partei kann jedoch einen Einzelanspruch vor einem Gericht für geringfügige Forderungen geltend machen. Sammelklagen und Sammelschiedsverfahren sind ausgeschlossen.',
        ],
      },
      {
        id: 'changes',
        title: 'Änderungen dieser Bedingungen',
        blocks: [
          'Wir können diese Bedingungen ändern. Die neue Fassung veröffentlichen wir auf dieser Seite mit einem neuen Datum der „letzten Aktualisierung“; die Änderungen werden 30 Tage nach Veröffentlichung wirksam. Nutzen Sie Brandloom danach weiter, erkennen Sie die neuen Bedingungen an; sind Sie nicht einverstanden, kündigen Sie vor ihrem Inkrafttreten.',
        ],
      },
      {
        id: 'contact',
        title: 'Kontakt',
        blocks: [`Fragen zu diesen Bedingungen: ${supportEmail}.`],
      },
    ],
  };
}

function privacy(supportEmail: string): LegalDocument {
  return {
    title: 'Datenschutzerklärung',
    headKey: 'public.head.privacy',
    intro:
      'Diese Erklärung legt dar, welche personenbezogenen Daten Brandloom bei der Nutzung des Dienstes erhebt, was wir damit tun, wer sie in unserem Auftrag verarbeitet und wie Sie darüber bestimmen können. Brandloom wird ausschließlich zur Nutzung in den Vereinigten Staaten angeboten.',
    sections: [
      {
        id: 'data-we-collect',
        title: 'Welche Daten wir erheben',
        blocks: [
          {
            list: [
              'Kontodaten: Ihre E-Mail-Adresse, Ihr Benutzername, Ihr Avatar und, wenn Sie sich mit Passwort registrieren, ein gesalzener Argon2id-Hash davon (niemals das Passwort selbst). Bei der Anmeldung mit Google erhalten wir Ihren Namen, Ihre E-Mail-Adresse und die Kennung Ihres Google-Kontos.',
              'Daten der Organisation: ihr Name, ihre Mitglieder und Rollen, ihr Tarif, ihr Credit-Guthaben und das Verzeichnis der Credit-Käufe und -Verbräuche.',
              'Markendaten: die von Ihnen hochgeladenen Markenbilder und die daraus extrahierten oder von Ihnen eingegebenen Markenprofile (Farben, Typografie, visueller Stil).',
              'Kreativdaten: Ihre Prompts, Referenzbilder, erstellten Bilder, Ordner und die Metadaten jedes Mediums.',
              'Abrechnungsdaten: Ihre Kunden- und Abonnementkennungen bei Stripe und Ihre Kaufhistorie. Kartendaten werden auf den Seiten von Stripe eingegeben und erreichen unsere Server nie.',
              'Daten der Werbeplattform, wenn Sie Meta verbinden: ein Zugriffstoken (im Ruhezustand verschlüsselt), Ihre Werbekonten, Seiten, die von Ihnen ausgewählten Kampagnen und der Verlauf Ihrer Übertragungen.',
              'Technische Daten: ein Sitzungscookie, das Sie angemeldet hält, und Serverprotokolle (IP-Adresse, Anfragepfad, Uhrzeit), die wir für Sicherheit und Fehlersuche verwenden. Wir setzen keine Werbe- oder Analyse-Tracker ein.',
            ],
          },
        ],
      },
      {
        id: 'how-we-use-it',
        title: 'Wie wir Ihre Daten verwenden',
        blocks: [
          {
            list: [
              'zum Betrieb des Dienstes: um Sie anzumelden, Bilder zu erstellen und zu speichern sowie Markenprofile und Ihre Bibliothek vorzuhalten;',
              'zur Abrechnung und zur korrekten Führung des Credit-Guthabens;',
              'zur Übertragung von Medien in Ihr Werbekonto, wenn Sie uns darum bitten;',
              'zur Absicherung des Dienstes, zur Verhinderung von Missbrauch und zur Fehlerbehebung;',
              'zum Versand von Service-E-Mails wie Einladungen und Links zum Zurücksetzen des Passworts.',
            ],
          },
          'Wir verkaufen Ihre personenbezogenen Daten nicht und verwenden Ihre Uploads und die erstellten Bilder nicht zum Training von KI-Modellen.',
        ],
      },
      {
        id: 'processors',
        title: 'Auftragsverarbeiter, mit denen wir Daten teilen',
        blocks: [
          'Wir geben Daten nur an Auftragsverarbeiter weiter, die Teile des Dienstes für uns betreiben, und jeweils nur die Daten, die sie benötigen:',
          {
            list: [
              'Stripe, Inc.: Zahlungen, Abonnements, Rechnungen und das Kundenportal.',
              'OpenAI: Ist die Bilderstellung mit OpenAI eingerichtet, werden Ihr Prompt, die gewählte Qualität und Größe sowie etwaige Referenzbilder zur Erstellung der Bilder an OpenAI übermittelt.',
              'Meta Platforms, Inc.: nur wenn Sie Ihr Meta-Unternehmenskonto verbinden; wir lesen Ihre Werbekonten, Seiten und Kampagnen und laden die von Ihnen übertragenen Medien hoch.',
              'Amazon Web Services S3 (oder der S3-kompatible Speicher unserer Installation): Speicherung hochgeladener und erstellter Bilder.',
              'Google: Anmeldung, wenn Sie „Mit Google anmelden“ wählen.',
              'Unser E-Mail-Dienstleister: Zustellung der Service-E-Mails.',
            ],
          },
        ],
      },
      {
        id: 'retention',
        title: 'Wie lange wir Daten aufbewahren',
        blocks: [
          'Personenbezogene Daten bewahren wir in der Regel 12 Monate ab dem Zeitpunkt auf, zu dem sie zuletzt für die Erbringung des Dienstes benötigt wurden, sofern uns das Gesetz nicht zu einer längeren Aufbewahrung verpflichtet. Mit der Löschung Ihres Kontos werden dessen Kontodaten gelöscht. Daten der Werbeplattform werden innerhalb von 24 Stunden gelöscht, wenn Sie die Anbindung trennen oder uns einen Antrag auf Datenlöschung senden.',
        ],
      },
      {
        id: 'your-rights',
        title: 'Ihre Wahlmöglichkeiten und Rechte',
        blocks: [
          'Sie können Ihr Profil in den Einstellungen einsehen und ändern, Ihre Bilder aus der Bibliothek herunterladen, die Anbindung an die Werbeplattform trennen und Ihr Konto löschen. Sie können uns außerdem schriftlich um eine Kopie Ihrer Daten, deren Berichtigung oder deren Löschung bitten; soweit die DSGVO oder Datenschutzgesetze von US-Bundesstaaten wie der CCPA anwendbar sind, wahren wir die Rechte, die sie Ihnen gewähren.',
          'Um die von Meta erhaltenen Daten löschen zu lassen, folgen Sie den Schritten auf unserer Seite zur Datenlöschung unter /meta-deletion.',
        ],
      },
      {
        id: 'security',
        title: 'Sicherheit',
        blocks: [
          'Der Datenverkehr wird mit TLS verschlüsselt, Passwörter werden mit Argon2id gehasht, Tokens der Werbeplattform mit AES-256-GCM verschlüsselt, und jede Anfrage ist auf die Daten Ihrer eigenen Organisation beschränkt. Keine Speicher- oder Übertragungsmethode ist vollkommen sicher; wir setzen uns jedoch für den Schutz Ihrer Daten ein und informieren Sie nach Maßgabe der gesetzlichen Vorschriften über eine Sicherheitsverletzung, die Sie betrifft.',
        ],
      },
      {
        id: 'children',
        title: 'Kinder',
        blocks: [
          'Brandloom richtet sich nicht an Kinder unter 13 Jahren, und wir erheben wissentlich keine Daten von ihnen. Wenn Sie glauben, dass uns ein Kind unter 13 Jahren personenbezogene Daten übermittelt hat, kontaktieren Sie uns; wir löschen sie dann.',
        ],
      },
      {
        id: 'changes',
        title: 'Änderungen dieser Erklärung',
        blocks: ['Jede Änderung veröffentlichen wir auf dieser Seite mit einem neuen Datum der „letzten Aktualisierung“. Änderungen werden 30 Tage nach Veröffentlichung wirksam.'],
      },
      {
        id: 'contact',
        title: 'Kontakt',
        blocks: [`Fragen und Anträge zum Datenschutz: ${supportEmail}.`],
      },
    ],
  };
}

const metaDeletion: MetaDeletionTexts = {
  title: 'Antrag auf Löschung von Meta-Daten',
  intro:
    'Wenn Sie Ihr Meta-Unternehmenskonto (Facebook) mit Brandloom verbunden haben, können Sie alle Daten löschen lassen, die wir von Meta erhalten haben. Folgen Sie den Schritten unten; wir bearbeiten jeden Antrag persönlich und bestätigen ihn per E-Mail.',
  disconnectTitle: '1. Verbindung trennen',
  disconnectText:
    'Melden Sie sich an, öffnen Sie die Bibliothek und dann den Bereich für die Anbindung, und trennen Sie Ihr Meta-Konto. Mit dem Trennen wird Ihr Zugriffstoken sofort entfernt, und jeder weitere Zugriff auf Ihre Werbekonten endet.',
  contactTitle: '2. Support kontaktieren',
  contactBefore: 'Schreiben Sie uns an',
  contactAfter: 'mit dem Betreff:',
  sendEmail: 'E-Mail jetzt senden',
  sendEmailHint: 'Die Schaltfläche öffnet Ihr E-Mail-Programm mit dem Betreff und einer Nachricht zum Ausfüllen.',
  informationTitle: '3. Erforderliche Angaben',
  informationIntro: 'Geben Sie in Ihrer E-Mail an:',
  information: [
    'die E-Mail-Adresse Ihres Brandloom-Kontos',
    'Ihre Meta-Nutzer-ID, falls bekannt',
    'das Datum, an dem Sie Ihr Meta-Konto verbunden haben',
    'Ihre Bestätigung, dass alle zugehörigen Daten gelöscht werden sollen',
  ],
  processingTitle: '4. Bearbeitungszeit',
  processingBefore: 'Wir bearbeiten Löschanträge innerhalb von',
  processingTime: '24 Stunden',
  processingAfter: 'und senden Ihnen eine Bestätigung per E-Mail, sobald Ihre Daten gelöscht sind.',
  warningTitle: '5. Bevor Sie den Antrag stellen',
  warningText:
    'Die Löschung entfernt alle Anbindungsdaten, hochgeladenen Werbemittel und den Kampagnenverlauf, die wir zu Ihrem Meta-Konto gespeichert haben. Sie kann nicht rückgängig gemacht werden. Brandloom bearbeitet diese Anträge im Einklang mit den Plattform-Nutzungsbedingungen von Meta und der DSGVO.',
  help: 'Brauchen Sie Hilfe? Schreiben Sie uns an',
  mailSubject: 'Antrag auf Löschung von Meta-Daten',
  mailBody: [
    'Guten Tag,',
    '',
    'bitte löschen Sie alle Daten der Werbeplattform Meta (Facebook), die mit meinem Brandloom-Konto verknüpft sind.',
    '',
    'E-Mail-Adresse des Kontos: [die E-Mail-Adresse Ihres Kontos]',
    'Meta-Nutzer-ID (falls bekannt): [Ihre Meta-Nutzer-ID]',
    'Datum der Verbindung mit Meta: [Verbindungsdatum]',
    '',
    'Ich bestätige, dass alle Daten der Werbeplattform Meta zu meinem Konto gelöscht werden sollen.',
    '',
    'Vielen Dank',
  ].join('\n'),
  status: {
    heading: (code) => `Löschantrag ${code}`,
    loading: 'Status des Antrags wird geladen',
    notFound: 'Zu diesem Bestätigungscode gibt es keinen Löschantrag.',
    failed: 'Der Status konnte nicht geladen werden. Bitte versuchen Sie es erneut.',
    label: 'Status:',
    completed: 'Abgeschlossen',
    requested: (date) => `Beantragt am ${date}`,
    completedAt: (date) =>
      `Abgeschlossen am ${date}: Das Meta-Zugriffstoken, die zwischengespeicherten Werbekonten und Seiten sowie der Übertragungsverlauf dieses Meta-Nutzers wurden gelöscht.`,
  },
};

const texts: LegalTexts = {
  prevails: 'Dies ist eine Übersetzung: Bei Abweichungen ist die englische Fassung maßgeblich.',
  lastUpdated: 'Zuletzt aktualisiert:',
  contents: 'Inhalt',
  terms,
  privacy,
  metaDeletion,
};

export default texts;
