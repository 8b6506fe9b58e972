import { formatDateTimeDe, localDateOf, localTimeOf, toRfc3339, weekdayOf } from './time';
import { read, type Handler } from './domains/handler';

export const systemGetTime: Handler<'system_get_time'> = (_args, env) => {
  const ms = env.now.getTime();
  const date = localDateOf(ms, env.timezone);
  return read(
    { now: toRfc3339(ms, env.timezone), timezone: env.timezone, date, time: localTimeOf(ms, env.timezone), weekday: weekdayOf(date) },
    `Es ist ${formatDateTimeDe(ms, env.timezone)} (${env.timezone}).`,
  );
};
