import { formatDateTimeDe, localDateOf, localTimeOf, toRfc3339, weekdayOf } from './time';
import { read, type Handler } from './domains/handler';
import type { ToolReply } from './domains/reply';

export const systemGetTime: Handler<'system_get_time'> = (_args, env) => {
  const ms = env.now.getTime();
  const date = localDateOf(ms, env.timezone);
  return read(
    { now: toRfc3339(ms, env.timezone), timezone: env.timezone, date, time: localTimeOf(ms, env.timezone), weekday: weekdayOf(date) },
    `Es ist ${formatDateTimeDe(ms, env.timezone)} (${env.timezone}).`,
  );
};

export const SYSTEM_TIME_REPLY: ToolReply<'system_get_time'> = {
  en: (d) => `It is ${d.weekday.replace(/^./, (c) => c.toUpperCase())}, ${d.date}, ${d.time} (${d.timezone}).`,
};
