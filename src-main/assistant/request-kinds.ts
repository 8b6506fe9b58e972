// What kind of request a sentence is, by its words. Used only to decide whether a prose-only
// model answer deserves the selector or the planner; never to choose a tool.

const HOME_WORDS =
  /\b(termin|termine|kalender|aufgabe|aufgaben|todo|erinner\w*|einkauf\w*|liste|rezept\w*|essen|essensplan|mittag\w*|abend\w*|frühstück|kanban|karte|plane|planen|trag\w*|füge|füg|lösch\w*|verschieb\w*|erledigt|milch|kochen|appointment|calendar|task|tasks|remind\w*|shopping|grocer\w*|recipe\w*|meal|dinner|lunch|breakfast|schedule|add|delete|remove|move)\b/iu;

const PLANNING_VERBS = /\b(plane|planen|plan|erstelle|erstellen|generiere|generieren|organisiere|create|generate|organi[sz]e)\b/iu;
const PLANNING_SCOPE = /\b(woche|wochen|wochenplan|essensplan|tage|tagen|week|weeks|days|meal plan|schritte|alle)\b/iu;

export function isHomeRequest(text: string): boolean {
  return HOME_WORDS.test(text);
}

/** "Erstelle einen Essensplan für die ganze Woche" – several steps, the workflow planner's job. */
export function isPlanningRequest(text: string): boolean {
  return PLANNING_VERBS.test(text) && PLANNING_SCOPE.test(text);
}

export function isMealRequest(text: string): boolean {
  return /\b(essen\w*|mahlzeit\w*|abendessen|mittag\w*|frühstück|rezept\w*|kochen|meal\w*|dinner|lunch|breakfast|recipe\w*|cook\w*)\b/iu.test(
    text,
  );
}

const YES =
  /^(ja|jo|jap|jep|yes|yep|y|ok|okay|klar|sicher|bestätigt|bestätige|mach das|mach es|ja,? bitte|ja,? mach das|ja,? gerne|confirm|confirmed|do it|sure)[.! ]*$/iu;
const NO = /^(nein|nö|ne|nee|no|nope|n|abbrechen|abbruch|cancel|stop|lieber nicht|nein,? danke|no,? thanks)[.! ]*$/iu;

export function isYes(text: string): boolean {
  return YES.test(text.trim());
}

export function isNo(text: string): boolean {
  return NO.test(text.trim());
}

// Short, frequent words of each language; the first language whose word appears wins.
const GERMAN_WORDS =
  /[äöüß]|\b(und|der|die|das|den|dem|ich|mir|mich|du|wir|uns|bitte|was|wie|wer|wo|warum|welche|habe|hab|ist|sind|bin|nicht|auf|zum|zur|für|mit|ein|eine|einen|morgen|heute|übermorgen|schreib\w*|erzähl\w*|erinnere?|gedicht|witz)\b/iu;
const ENGLISH_WORDS =
  /\b(the|and|what|which|who|how|why|where|please|is|are|on|for|to|of|with|about|tomorrow|today|my|me|you|your|i|a|write|tell|remind|poem|joke)\b/iu;

export function languageOf(text: string, fallback: 'de' | 'en'): 'de' | 'en' {
  if (GERMAN_WORDS.test(text)) return 'de';
  if (ENGLISH_WORDS.test(text)) return 'en';
  return fallback;
}
