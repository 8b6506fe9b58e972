import type { McpProblem } from '../../../src-shared';

/**
 * What went wrong with an MCP server, from the error the SDK or Node gave, as a code the
 * Settings screen words for the household. The SDK reports these only as texts (a spawn
 * error, "Connection closed", "Request timed out", "HTTP 401"), so the texts are read.
 */
export function problemOf(message: string): McpProblem {
  if (/\bENOENT\b|\bEACCES\b|not found|command not found/i.test(message)) return 'command_not_found';
  if (/timed out|timeout/i.test(message)) return 'timeout';
  if (/\b(HTTP )?40[13]\b|unauthori[sz]ed|forbidden/i.test(message)) return 'unauthorized';
  if (/ECONNREFUSED|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN|ECONNRESET|fetch failed/i.test(message)) return 'unreachable';
  if (/connection closed|ended the connection|exited|EPIPE/i.test(message)) return 'exited';
  if (/HTTP \d{3}|content type|unexpected|invalid|JSON|parse|tools\/list|protocol/i.test(message)) return 'not_mcp';
  return 'failed';
}
