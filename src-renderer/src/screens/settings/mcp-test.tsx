import { useState } from 'react';
import type { McpServerUpdate, McpTestResult } from '../../../../src-shared';
import { useTranslation } from '../../i18n';
import { useStore } from '../../store';
import type { McpRefusal } from '../../store/mcp-servers-slice';

// A connection test of an MCP server, asked for in a listed row or in the form: the master
// starts it, lists its tools and stops it again. Shared by both places.

export type TestAnswer = McpTestResult | McpRefusal;

/** What a test found, in the household's words, at the place the test was asked for. */
export function TestOutcome({ answer, testId }: { answer: TestAnswer | undefined; testId: string }) {
  const { t } = useTranslation();
  if (!answer) return null;
  if (!('ok' in answer))
    return (
      <p className="inline-error" role="alert" data-testid={testId}>
        {answer.message}
      </p>
    );
  if (answer.ok) {
    const tools = answer.tools ?? [];
    return (
      <p className="ok-text" role="status" data-testid={testId}>
        {t('settings.mcp.testOk', { count: tools.length })}
        {tools.length > 0 ? ` ${tools.slice(0, 8).join(', ')}${tools.length > 8 ? ' …' : ''}` : ''}
      </p>
    );
  }
  return (
    <div role="alert" data-testid={testId}>
      <p className="inline-error">{t(`settings.mcp.problems.${answer.problem ?? 'failed'}`)}</p>
      {answer.detail ? <p className="muted mcp-detail">{answer.detail}</p> : null}
    </div>
  );
}

/** A test button that shows progress while the server is started and asked for its tools. */
export function useTest() {
  const test = useStore((s) => s.testMcpServer);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<TestAnswer | undefined>();
  const run = async (what: McpServerUpdate | string) => {
    setBusy(true);
    setAnswer(undefined);
    setAnswer(await test(what));
    setBusy(false);
  };
  return { busy, answer, run, clear: () => setAnswer(undefined) };
}
