// Words a household uses for each core tool, German and English, beside the tool's own
// (German) description. The tool retrieval reads them when more tools are active than the
// model can take; a skill or MCP tool is found by its name and description alone.

const CALENDAR = 'termin termine kalender appointment appointments calendar event events';
const TASKS = 'aufgabe aufgaben todo to-do erledigen task tasks chore';
const REMINDERS = 'erinnerung erinnern erinnere remind reminder reminders wecker';
const GROCERIES = 'einkauf einkaufsliste einkaufszettel kaufen besorgen shopping list grocery groceries buy';
const RECIPES = 'rezept rezepte rezeptbuch kochen recipe recipes cookbook cook';
const MEALS = 'essen essensplan mahlzeit mittagessen abendessen frühstück mittag abend meal meals dinner lunch breakfast';
const KANBAN = 'kanban board karte karten spalte card cards column';

export const CORE_TOOL_PHRASES: Readonly<Record<string, string>> = {
  system_get_time: 'uhrzeit datum wie spät welcher tag heute time date what day clock',
  calendar_list: `${CALENDAR} was steht an wann habe ich welche termine zeige liste heute morgen woche what's on when show list`,
  calendar_create: `${CALENDAR} eintragen trag trage anlegen neuer jeden wöchentlich täglich monatlich serie add put schedule create new every weekly daily monthly recurring from to`,
  calendar_update: `${CALENDAR} verschieben verschiebe ändern ändere umbenennen verlegen später früher move reschedule change rename postpone`,
  calendar_delete: `${CALENDAR} löschen lösche streichen absagen entfernen delete cancel remove`,
  tasks_list: `${TASKS} offene welche zeige liste open show list pending`,
  tasks_create: `${TASKS} neue anlegen muss noch bis add new create due`,
  tasks_update: `${TASKS} erledigt abhaken fertig ändern priorität done finished complete mark change priority`,
  tasks_delete: `${TASKS} löschen lösche entfernen delete remove`,
  reminders_list: `${REMINDERS} welche anstehend zeige list show upcoming`,
  reminders_create: `${REMINDERS} erinnere mich uns denk dran nicht vergessen remind me don't forget`,
  reminders_delete: `${REMINDERS} löschen lösche entfernen delete remove cancel`,
  reminders_snooze: `${REMINDERS} später nochmal noch einmal schlummern verschieben in zehn minuten stunde snooze later again in ten minutes hour`,
  groceries_list: `${GROCERIES} was steht drauf brauchen zeige what's on need show`,
  groceries_add: `${GROCERIES} hinzufügen füge setz setze schreib drauf brauchen liter gramm kilo packung flasche milch eier brot butter käse mehl zucker kaffee obst gemüse add put need`,
  groceries_update: `${GROCERIES} abhaken gekauft menge ändern check off bought quantity change`,
  groceries_remove: `${GROCERIES} runter streichen entfernen nicht mehr remove take off`,
  groceries_sync_mealplan: `${GROCERIES} ${MEALS} zutaten ableiten aktualisieren ingredients sync update from meal plan`,
  recipes_search: `${RECIPES} suchen finde mit zutat zutaten brauche ich für haben wir ein search find with ingredient need for`,
  recipes_get: `${RECIPES} zutaten schritte zeige anleitung ingredients steps show how`,
  recipes_create: `${RECIPES} neues speichern anlegen portionen zutaten new save create servings ingredients`,
  recipes_list: `${RECIPES} alle welche zeige all which show list`,
  recipes_update: `${RECIPES} ändern anpassen portionen change adjust update servings`,
  mealplan_list: `${MEALS} was gibt es was essen wir geplant what's for planned`,
  mealplan_create: `${MEALS} planen plane kochen gibt es eintragen plan cook schedule`,
  mealplan_update: `${MEALS} verschieben ändern tauschen statt move change swap instead`,
  mealplan_delete: `${MEALS} löschen streichen entfernen delete remove cancel`,
  kanban_list: `${KANBAN} zeige welche offen in arbeit show which doing`,
  kanban_create: `${KANBAN} neue anlegen add new create`,
  kanban_move: `${KANBAN} verschieben schieben erledigt in arbeit move done doing`,
  kanban_delete: `${KANBAN} löschen entfernen delete remove`,
  memory_propose: 'merken merk dir merke dauerhaft fakt wissen allergie vorliebe remember note fact allergy preference',
  rag_search:
    'dokument dokumente unterlagen wissen handbuch anleitung bedienungsanleitung garantie vertrag rechnung brief telefonnummer nummer adresse firma wie oft wann steht suche document documents knowledge manual warranty contract letter phone number address company how often search find',
};
