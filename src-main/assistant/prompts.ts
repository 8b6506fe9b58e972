import type { SessionReference } from './conversation';

// The system prompts. They describe the time model and the rules; they never carry the
// home state (the model reads it through tools).

const TIME_MODEL = [
  'Zeitangaben niemals selbst ausrechnen, sondern als symbolisches Zeitobjekt senden:',
  'heute {"kind":"relative","offset_days":0}; morgen 15:30 {"kind":"relative","offset_days":1,"time":"15:30"};',
  'Montag {"kind":"weekday","weekday":"monday"}; nächsten Montag {"kind":"weekday","weekday":"monday","force_next":true};',
  'explizites Datum {"kind":"absolute","date":"2026-08-31","time":"18:00"}.',
  'Wiederkehrende Termine (jeden …, every …, täglich, werktags, monatlich): calendar_create mit rrule (RFC 5545 ohne "RRULE:"); when ist der erste Tag, die Serie beginnt am ersten passenden Tag ab dort.',
  '„Restmüll jeden zweiten Dienstag“/„every other Tuesday“: rrule "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU", when {"kind":"weekday","weekday":"tuesday"}.',
  '„Turnen jeden Montag 17 Uhr“: rrule "FREQ=WEEKLY;BYDAY=MO", when {"kind":"weekday","weekday":"monday","time":"17:00"}.',
  '„werktags um 7“/„every weekday at 7“: rrule "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", when {"kind":"relative","offset_days":0,"time":"07:00"}.',
  '„am 1. jeden Monats“/„monthly on the 15th“: rrule "FREQ=MONTHLY;BYMONTHDAY=1" bzw. "FREQ=MONTHLY;BYMONTHDAY=15", when {"kind":"relative","offset_days":0}.',
  'Serien ändern oder löschen: scope "this" (nur dieser Termin, mit occurrence_start aus calendar_list), "following" (dieser und alle folgenden) oder "all".',
].join('\n');

export function agentSystemPrompt(options: {
  reference?: SessionReference;
  module?: string;
  language: 'de' | 'en';
  skills?: string;
  /** Only part of the installed skills is listed: skills_find reaches the others. */
  findSkills?: boolean;
  facts?: readonly string[];
  /** Pipelines the asker accepted ("name: tool → tool"). */
  pipelines?: readonly string[];
  /** Who asks, and who lives in the household (names for `assignee`). */
  asker?: string;
  members?: readonly string[];
}): string {
  const lines = [
    'Du bist JARVIS, der Haushaltsassistent einer Familie. Du änderst den Haushalt ausschließlich über die bereitgestellten Tools.',
    'Informationen über Termine, Aufgaben, Einkauf, Rezepte und Essensplan liest du über die Lese-Tools; rate nichts.',
    'Behaupte nie eine Änderung, die kein Tool bestätigt hat. Erfinde keine persönlichen Fakten (z. B. Allergien).',
    'Löschen und bestimmte Aktionen werden erst nach einem „ja“ des Nutzers ausgeführt.',
    TIME_MODEL,
    // The instructions and tool results are German; the reply follows the request's language.
    options.language === 'en'
      ? 'The user writes in English: answer in English, briefly, even though these instructions and the tool results are German.'
      : 'Antworte kurz auf Deutsch.',
  ];
  if (options.reference) {
    const r = options.reference;
    lines.push(
      `Session-Referenz der letzten Änderung: kind=${r.kind} id=${r.id}${r.title ? ` title="${r.title}"` : ''} (tool ${r.tool}). Folgekommandos wie „Nein, doch Freitag.“ oder „Verschiebe das“ meinen diesen Eintrag.`,
    );
  }
  // Only what a household member accepted; new facts go through memory_propose.
  if (options.facts) {
    if (options.facts.length > 0) lines.push(`Vom Haushalt bestätigte Fakten:\n${options.facts.map((f) => `- ${f}`).join('\n')}`);
    lines.push('Will der Nutzer, dass du dir etwas dauerhaft merkst, rufe memory_propose auf; der Haushalt bestätigt es.');
  }
  if (options.pipelines && options.pipelines.length > 0)
    lines.push(
      `Bestätigte Abläufe; passt einer, biete ihn an, bevor du ihn ausführst:\n${options.pipelines.map((p) => `- ${p}`).join('\n')}`,
    );
  if (options.module) lines.push(`Der Nutzer spricht aus dem Modul "${options.module}".`);
  if (options.asker)
    lines.push(
      `Es fragt ${options.asker}. Mitglieder des Haushalts: ${(options.members ?? [options.asker]).join(', ')}. Für „mich“/„meine“ setze assignee "me" bzw. "mine", für eine andere Person ihren Namen.`,
    );
  // Installed skills appear as a light catalog; the tool call brings their content.
  if (options.skills && options.skills.includes('<skill '))
    lines.push(
      `Installierte Skills (aufrufbar als skill_<id>_… Tools):\n${options.skills}`,
      ...(options.skills.includes('<example ') ? ['Ein <example> zeigt eine frühere Anfrage und die Aufrufe, die sie erfüllt haben.'] : []),
    );
  if (options.findSkills) lines.push('Es sind weitere Skills installiert als hier aufgeführt: skills_find findet sie.');
  return lines.join('\n');
}

export function selectorPrompt(toolList: string): string {
  return [
    'Wähle für die Anfrage des Nutzers genau ein Tool aus der Liste und liefere dessen Argumente.',
    'Antworte nur mit JSON: {"tool": "<name>", "arguments": {…}, "confidence": 0.0-1.0}.',
    'Wenn kein Tool passt: {"tool": "", "arguments": {}, "confidence": 0}.',
    TIME_MODEL,
    'Tools:',
    toolList,
  ].join('\n');
}

export function plannerPrompt(toolList: string, recipes: string | undefined): string {
  const lines = [
    'Zerlege die Anfrage in 1 bis 24 Schritte. Jeder Schritt benutzt genau ein Tool aus der Liste.',
    'Antworte nur mit JSON: {"goal": "...", "steps": [{"id": "s1", "task": "...", "tool": "<name>", "arguments": {…}}], "confidence": 0.0-1.0}.',
    'Kreative Planungswünsche (plane, erstelle, generiere) darfst du mit sinnvollen Vorschlägen füllen; harte persönliche Fakten (z. B. Allergien) erfindest du nicht.',
    '„Ganze Woche“ ohne weitere Angabe heißt: die nächsten sieben Kalendertage, offset_days 0 bis 6.',
    TIME_MODEL,
  ];
  if (recipes !== undefined) {
    lines.push(
      'Essensplanung ist recipe-first: verwende vorhandene Rezepte mit recipe_id; gibt es zu wenige, wiederhole vorhandene Rezepte statt Zutaten zu erfinden.',
      'Ist das Rezeptbuch leer, lege zuerst vollständige Rezepte mit recipes_create (Zutaten mit Mengen, Schritte) an und plane sie danach mit demselben Titel ein.',
      `Vorhandene Rezepte (aus recipes_list): ${recipes}`,
    );
  }
  lines.push('Tools:', toolList);
  return lines.join('\n');
}
