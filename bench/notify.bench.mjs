// Notification latency: from the household's reminder pass firing a due reminder to the
// Web Push message arriving, VAPID-checked and decrypted, at a stand-in push service on
// loopback. The real master runs with its clock held; each round creates a reminder, moves
// the clock to its due time and runs the pass. Target: median under 1 s after the pass
// (reported as a ratio of that budget). Baseline in the same run: the same message sent
// straight through the Web Push channel (signing, encryption, one HTTP request), so the
// second ratio is what the pass, the event and the member lookup add.
import { bundleAndImport, median, percentile, report } from './lib.mjs';

const ROUNDS = Number(process.env.BENCH_NOTIFY_ROUNDS ?? 40);
const BUDGET_MS = 1000;

function load() {
  return bundleAndImport('notify', {
    contents: [
      "export { startTestMaster } from './src-main/testing/test-master';",
      "export { startPushService } from './src-main/testing/push-service';",
      "export { WebPushChannel } from './src-main/notify/web-push-channel';",
      "export { pushMessageFor } from './src-main/notify/reminder-message';",
      "export { default as webpush } from 'web-push';",
    ].join('\n'),
  });
}

export async function run() {
  const { startTestMaster, startPushService, WebPushChannel, pushMessageFor, webpush } = await load();
  const push = await startPushService(10 * 60_000);
  let now = new Date('2026-12-01T08:00:00+01:00');
  const t = await startTestMaster({ HOME_AUTOMATION_INTERVAL: '0' }, { clock: () => now });
  try {
    const sub = push.subscribe('bench-phone');
    const subscribed = await t.request('/api/push/subscription', { json: sub.json });
    if (subscribed.status !== 201) throw new Error(`subscription refused: ${subscribed.text}`);

    // The baseline: the channel alone, with a key pair of its own and the same kind of message.
    const channel = new WebPushChannel(webpush.generateVAPIDKeys(), 'mailto:jarvis@home.arpa');
    const stored = { endpoint: sub.json.endpoint, memberId: 'desktop', deviceId: null, ...sub.json.keys };
    const direct = [];
    for (let i = 0; i < ROUNDS; i++) {
      const message = pushMessageFor(
        {
          id: `rem_${i}`,
          text: `Erinnerung ${i}`,
          at: '2026-12-01T09:00:00+01:00',
          source: 'manual',
          event_id: null,
          fired_at: null,
          created_at: '',
        },
        'de',
      );
      const before = push.received.length;
      const started = performance.now();
      if ((await channel.send(stored, message)) !== 'delivered') throw new Error('direct send failed');
      const [got] = (await push.waitFor(before + 1)).slice(before);
      direct.push(got.receivedAt - started);
    }

    const latencies = [];
    for (let i = 0; i < ROUNDS; i++) {
      const minute = String(i % 60).padStart(2, '0');
      const hour = String(9 + Math.floor(i / 60)).padStart(2, '0');
      const created = await t.request('/api/tools/reminders_create', {
        json: { arguments: { text: `Erinnerung ${i}`, when: { kind: 'absolute', date: '2026-12-01', time: `${hour}:${minute}` } } },
      });
      if (!created.json?.success) throw new Error(`reminder refused: ${created.text}`);
      now = new Date(created.json.data.at);
      const before = push.received.length;
      const started = performance.now();
      const fired = t.master.capabilities.household.service.fireDueReminders(now);
      if (fired.length !== 1) throw new Error(`the pass fired ${fired.length} reminders`);
      const [got] = (await push.waitFor(before + 1)).slice(before);
      latencies.push(got.receivedAt - started);
    }
    if (push.refused.length) throw new Error(`the stand-in refused: ${push.refused.join('; ')}`);

    const med = median(latencies);
    const base = median(direct);
    report(`notification latency: reminder pass -> push decrypted at the stand-in (${ROUNDS} rounds)`, [
      ['median', `${med.toFixed(2)} ms`],
      ['p95', `${percentile(latencies, 95).toFixed(2)} ms`],
      ['baseline: the channel alone, median', `${base.toFixed(2)} ms`],
      ['ratio to baseline', `${(med / base).toFixed(2)}x`],
      [`budget (target median < ${BUDGET_MS} ms)`, `${(med / BUDGET_MS).toFixed(4)}x of budget`],
    ]);
    return [
      { name: 'notify-push-latency', ratio: med / BUDGET_MS, target: 1 },
      { name: 'notify-push-vs-channel-alone', ratio: med / base },
    ];
  } finally {
    await t.close();
    await push.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
