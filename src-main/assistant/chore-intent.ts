import type { ChoreChart } from '../../src-shared';
import { CHORE_WORDS, matchChoreDone, parseChoreDone, parseChoreSentence } from '../household';
import { NotForThisTemplate, type Matcher } from './intent-contract';

// "Müll rausbringen: Mia, Leon, im Wechsel, wöchentlich" -> chores_create, and
// "Ich habe den Müll rausgebracht" -> chores_tick, both without the model.
// The templates belong to the chore domain; the tool's reply (in the household's
// language) is the answer, a refusal (a child setting up chores) is said as it came.

export const choresAdd: Matcher = (text, ctx) => {
  const sentence = parseChoreSentence(text, ctx.members ?? []);
  if (!sentence) return undefined;
  const { lang, ...args } = sentence;
  return {
    name: 'chores.add',
    lang,
    async run(call) {
      const result = await call('chores_create', { ...args, members: [...args.members] });
      // The gate's refusal names the tool; a child hears what to do instead.
      if (result.error?.code === 'POLICY_DENIED') return { reply: CHORE_WORDS[lang].adultsOnly() };
      return { reply: result.message };
    },
  };
};

export const choresDone: Matcher = (text, ctx) => {
  const sentence = parseChoreDone(text);
  if (!sentence) return undefined;
  return {
    name: 'chores.done',
    lang: sentence.lang,
    async run(call) {
      const chart = await call('chores_list', {});
      const chores = chart.success ? ((chart.data as ChoreChart | undefined)?.chores ?? []) : [];
      const chore = matchChoreDone(sentence, chores);
      // "Ich habe den Zahnarzt angerufen" is no chore: the model answers instead.
      if (!chore) throw new NotForThisTemplate('no chore fits');
      // The one who says it did it; the tick goes through the same gate as a tap on the chart.
      const result = await call('chores_tick', { id: chore.id, ...(ctx.speaker ? { member: ctx.speaker } : {}) });
      return { reply: result.message };
    },
  };
};
